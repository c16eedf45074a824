#!/usr/bin/env bash
# The client install: `pip install .` without the server extra, in a fresh venv, must
# hold no Ray, no server stack and no eval stack (`arena serve`, `play`, `web`,
# `tournament` and `report` name the extras they lack in one line), and its `arena bots`, `arena bot` (over TLS) and `arena ladder` must work
# against a real gateway (served from the full install in .venv, with a certificate made
# by the tests' helper) and Redis.
# Needs ARENA_TEST_REDIS_URL (a running Redis) and the full install in .venv.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
gateway_pid=""
cleanup() {
  [ -n "$gateway_pid" ] && kill "$gateway_pid" 2>/dev/null && wait "$gateway_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

python3 -m venv "$work/client"
client="$work/client/bin"
"$client/pip" install --quiet --upgrade pip
# The lock's versions, but only what the client needs (no extras).
"$client/pip" install --quiet -c requirements.lock .
for heavy in ray prometheus_client grpc_health grpc_reflection pyarrow numpy scipy matplotlib; do
  if "$client/python" -c "import $heavy" 2>/dev/null; then
    echo "the client install contains $heavy"; exit 1
  fi
done
echo "client install: $("$client/pip" list --format=freeze | wc -l) packages, no server stack"
# Each command that needs an extra names it in one line, exit 1, no traceback.
expect_line() {  # expect_line CODE TEXT COMMAND...: exit CODE and one stderr line with TEXT
  local want=$1 text=$2 code=0
  shift 2
  env -u ARENA_REDIS_URL "$client/arena" "$@" > "$work/out" 2> "$work/err" || code=$?
  if [ "$code" != "$want" ] || [ "$(wc -l < "$work/err")" != 1 ] ||
      ! grep -qF -- "$text" "$work/err"; then
    echo "arena $* in the client install (exit $code, wanted $want and: $text):"
    cat "$work/err"; exit 1
  fi
}
expect_line 1 "arena tournament needs the server and eval extras" \
  tournament --game monster-my-neighbor
touch "$work/results.parquet"
expect_line 1 "arena report needs the " report "$work/results.parquet"
expect_line 1 "arena serve needs the server extra (module 'grpc_health'" serve
expect_line 1 "arena serve --web-port needs the server and web extras" serve --web-port 8080
expect_line 1 "arena play needs the server and eval extras (module 'ray'" \
  play --game monster-my-neighbor --players 3 --bots random --games 1
expect_line 1 "arena web needs the web extra (module 'starlette'" web
# Without a store, registering a bot and reading the ladder refuse (exit 2).
expect_line 2 "no ladder store given (--redis URL or \$ARENA_REDIS_URL)" bots register bob
expect_line 2 "no ladder store given (--redis URL or \$ARENA_REDIS_URL)" \
  ladder --game monster-my-neighbor
echo "client install: serve, play, web, tournament and report name their extras"

prefix="ci-client-$$"
store=(--redis "$ARENA_TEST_REDIS_URL" --key-prefix "$prefix")
token=$("$client/arena" bots register alice "${store[@]}" | tail -n 1)

.venv/bin/python -c 'import sys; from pathlib import Path; from tests.gateway.certs import make_pki; make_pki(Path(sys.argv[1]))' "$work"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
.venv/bin/arena serve --port "$port" "${store[@]}" --game monster-my-neighbor --players 3 \
  --fill random --min-bots 1 --journal "$work/journal.jsonl" \
  --tls-cert "$work/server.pem" --tls-key "$work/server.key" \
  > "$work/gateway.out" 2> "$work/gateway.err" &
gateway_pid=$!
timeout 120 sh -c "until grep -q '^serving' '$work/gateway.out'; do sleep 0.5; done" ||
  { cat "$work/gateway.err"; exit 1; }

"$client/arena" bot --server "127.0.0.1:$port" --tls-ca "$work/ca.pem" --token "$token" \
  --game monster-my-neighbor --strategy heuristic --matches 2 --quiet
"$client/arena" ladder --game monster-my-neighbor "${store[@]}" --json > "$work/ladder.json"
"$client/python" - "$work/ladder.json" <<'EOF'
import json, sys
games = {entry["name"]: entry["games"] for entry in json.load(open(sys.argv[1]))}
assert games.get("alice") == 2, games
print("client install: alice played 2 rated matches over TLS:", games)
EOF
redis-cli -u "$ARENA_TEST_REDIS_URL" --scan --pattern "{$prefix:*" | xargs -r redis-cli -u "$ARENA_TEST_REDIS_URL" del >/dev/null
