#!/usr/bin/env bash
# The client install: `pip install .` without the server extra, in a fresh venv, must
# hold no Ray, no server stack and no eval stack (`arena tournament` names the extras it
# lacks), and its `arena bots`, `arena bot` (over TLS) and `arena ladder` must work
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
# The evaluation commands need the server and eval extras, and say so in one line.
code=0
"$client/arena" tournament --game monster-my-neighbor 2> "$work/tournament.err" || code=$?
if [ "$code" != 1 ] || ! grep -q "needs the server and eval extras" "$work/tournament.err"; then
  echo "arena tournament in the client install (exit $code):"; cat "$work/tournament.err"; exit 1
fi

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
