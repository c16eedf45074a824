#!/usr/bin/env bash
# Run the version-sensitive tests on another install of the project:
#   .ci/python-check.sh minimums  the oldest versions pyproject.toml allows for each direct
#                                 dependency (uv --resolution lowest-direct), Python 3.11
#   .ci/python-check.sh 3.12      CPython 3.12.3 (python-build-standalone) from the Go module
#                                 proxy: the Go module github.com/kluctl/go-embed-python
#                                 embeds it, and `go mod download` checks its checksum
#                                 (neither Debian nor PyPI ships a CPython 3.12, and uv's
#                                 own Python downloads come from GitHub, which CI cannot
#                                 reach); with the versions of requirements.lock
#   .ci/python-check.sh 3.13      Python 3.13 from Debian trixie (a debootstrap chroot: the
#                                 registries CI reaches have no other CPython 3.13), with
#                                 the versions of requirements.lock
# The subset covers what depends on library or interpreter versions: protobuf and gRPC
# (wire codecs, the gateway, the bot client), pickle between the gateway and a host
# worker (tests/hosting), the pidfd calls the sandbox kills with (tests/sandbox/test_pidfd.py:
# the 3.12 build's os module lacks pidfd_open), random.Random's stream (GameRng draws
# through its _randbelow), redis-py and Lua (the ladder), Ray (the runner pool, arena
# play, the served end to end test, house bots), prometheus-client (metrics),
# PyYAML (card data), rich and argparse (the CLI), PyArrow, NumPy, SciPy and Matplotlib
# (tournament results files, statistics and plots).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

SUBSET=(
  tests/ladder tests/metrics tests/runner tests/e2e tests/deploy
  tests/gateway/test_matches.py tests/gateway/test_protocol.py tests/gateway/test_botclient.py
  tests/hosting tests/sandbox/test_pidfd.py
  tests/cli/test_inputs.py tests/cli/test_client_imports.py
  tests/monster_my_neighbor/test_wire.py tests/epic_resort/test_wire.py tests/ark_nova/test_wire.py
  tests/core/test_match.py
  tests/monster_my_neighbor/test_card_file.py
  tests/tournament/test_stats.py tests/tournament/test_results_and_report.py
  tests/tournament/test_cli_inputs.py
)

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

minimums() {
  local work venv
  work=$(mktemp -d)
  venv="$work/venv"
  .venv/bin/uv pip compile pyproject.toml --extra server --extra web --extra eval --extra test \
    --python-version 3.11 \
    --resolution lowest-direct --quiet -o "$work/minimums.txt"
  echo "lowest allowed direct dependencies:"
  grep -E '^(grpcio|grpcio-health-checking|grpcio-reflection|protobuf|redis|pyyaml|rich|ray|prometheus-client|pyarrow|numpy|scipy|matplotlib)==' \
    "$work/minimums.txt" | sed 's/^/  /'
  python3 -m venv "$venv"
  .venv/bin/uv pip install --quiet --python "$venv/bin/python" -r "$work/minimums.txt"
  .venv/bin/uv pip install --quiet --python "$venv/bin/python" --no-deps -e .
  "$venv/bin/python" -m pytest -q -p no:cacheprovider "${SUBSET[@]}"
  rm -rf "$work"
}

python312() {
  local module=github.com/kluctl/go-embed-python version=v0.0.0-3.12.3-20240415-2
  local dist=/var/tmp/arena-python-3.12.3 platform work redis_port
  case "$(uname -m)" in
    x86_64) platform=linux-amd64 ;;
    aarch64) platform=linux-arm64 ;;
    *) echo "no CPython 3.12 build for $(uname -m)" >&2; return 1 ;;
  esac
  if [ ! -x "$dist/bin/python3.12" ]; then
    local dir
    dir=$(go mod download -json "$module@$version" \
      | python3 -c 'import json, sys; print(json.load(sys.stdin)["Dir"])')
    python3 .ci/unpack-embedded-python.py "$dir/python/internal/data/$platform" "$dist"
  fi
  work=$(mktemp -d)
  .venv/bin/uv venv --quiet --python "$dist/bin/python3.12" "$work/venv"
  .venv/bin/uv pip install --quiet --python "$work/venv/bin/python" -r requirements.lock
  .venv/bin/uv pip install --quiet --python "$work/venv/bin/python" --no-deps -e .
  redis_port=$(free_port)
  redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$work" --save '' --appendonly no \
    --daemonize yes --pidfile "$work/redis.pid" >/dev/null
  for _ in $(seq 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
  "$work/venv/bin/python" -c 'import sys, ray, grpc, google.protobuf as pb; print("Python", sys.version.split()[0], "ray", ray.__version__, "grpcio", grpc.__version__, "protobuf", pb.__version__)'
  local status=0
  ARENA_TEST_REDIS_URL="redis://127.0.0.1:$redis_port/0" \
    "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "${SUBSET[@]}" || status=$?
  kill "$(cat "$work/redis.pid")" 2>/dev/null || true
  rm -rf "$work"
  return "$status"
}

python313() {
  local root=/var/tmp/arena-trixie
  # python3 as well as python3.13: the starter kits' scripts (the Python kit a house bot
  # test builds) call python3.
  if [ ! -x "$root/usr/bin/python3.13" ] || [ ! -x "$root/usr/bin/python3" ]; then
    rm -rf "$root"
    debootstrap --variant=minbase \
      --include=python3,python3.13,python3.13-venv,redis-server,ca-certificates \
      trixie "$root" http://deb.debian.org/debian >/dev/null
  fi
  # The chroot trusts what this machine trusts (its registries may sit behind a proxy).
  cp "${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}" "$root/etc/ssl/certs/ca-certificates.crt"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  mkdir -p "$root/work/arena"
  local redis_port
  redis_port=$(free_port)
  # A private mount namespace: the mounts vanish with it.
  unshare --mount --propagation private bash -s "$root" "$repo" "$redis_port" "${SUBSET[@]}" <<'EOF'
set -euo pipefail
root=$1 repo=$2 redis_port=$3; shift 3
mount --bind "$repo" "$root/work/arena"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount -t tmpfs tmpfs "$root/tmp"
chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
  PIP_CERT=/etc/ssl/certs/ca-certificates.crt PIP_DISABLE_PIP_VERSION_CHECK=1 \
  ARENA_TEST_REDIS_URL="redis://127.0.0.1:$redis_port/0" \
  /bin/bash -s "$redis_port" "$@" <<'INNER'
set -euo pipefail
redis_port=$1; shift
cd /work/arena
python3.13 -m venv /opt/venv313
/opt/venv313/bin/pip install --quiet -r requirements.lock
/opt/venv313/bin/pip install --quiet --no-deps -e .
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no \
  --daemonize yes --pidfile /tmp/redis.pid >/dev/null
trap 'kill "$(cat /tmp/redis.pid)" 2>/dev/null || true' EXIT
for _ in $(seq 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
/opt/venv313/bin/python -c 'import sys, ray, grpc, google.protobuf as pb; print("Python", sys.version.split()[0], "ray", ray.__version__, "grpcio", grpc.__version__, "protobuf", pb.__version__)'
# The three-queue test builds the TypeScript kit, and the chroot has no Node.js; the
# test runs on the host's Python 3.11, on 3.12 and on the minimum versions.
/opt/venv313/bin/python -m pytest -q -p no:cacheprovider "$@" \
  --deselect tests/e2e/test_serve_queues.py::test_three_queues_in_one_gateway_keep_their_ladders_apart
INNER
EOF
}

case "${1:-}" in
  minimums) minimums ;;
  3.12) python312 ;;
  3.13) python313 ;;
  *) echo "usage: $0 minimums|3.12|3.13" >&2; exit 2 ;;
esac
