# Tabletop Arena. `make setup && make run` for a demo; `make test` for the suite.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
ARENA  := $(VENV)/bin/arena
PROTOS := $(wildcard proto/arena/v1/*.proto)

.PHONY: setup run test proto proto-check lint bench bench-clients clean

setup:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'

# A real demo tournament on the embedded defaults: built-in bots on a local Ray instance.
run:
	$(ARENA) play --game monster-my-neighbor --players 5 --bots random,heuristic \
		--games 200 --seed 1 --workers 2

test:
	$(PY) -m pytest -q

# Regenerate the protobuf/gRPC code that lives beside the .proto files.
proto:
	$(PY) -m grpc_tools.protoc -Iproto --python_out=proto --pyi_out=proto \
		--grpc_python_out=proto $(PROTOS)

# Fail when the committed generated code differs from what `make proto` writes.
proto-check:
	@tmp=$$(mktemp -d) && \
	$(PY) -m grpc_tools.protoc -Iproto --python_out=$$tmp --pyi_out=$$tmp \
		--grpc_python_out=$$tmp $(PROTOS) && \
	diff -r -x '__init__.py' -x '__pycache__' $$tmp/arena/v1 proto/arena/v1 \
		-x '*.proto' -x 'buf*.yaml' \
		|| { echo "generated protobuf code is stale: run 'make proto' and commit"; exit 1; }

lint:
	$(VENV)/bin/ruff check .
	cd proto && ../$(VENV)/bin/buf lint

bench:
	$(PY) -m bench.run

# The starter kits in clients/: cold builds, round trips, example win rates.
bench-clients:
	clients/bench --examples 1000

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
