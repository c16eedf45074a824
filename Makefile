# Tabletop Arena. `make setup && make run` for a demo; `make test` for the suite.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
ARENA  := $(VENV)/bin/arena
PROTOS := $(wildcard proto/arena/v1/*.proto)

UV_COMPILE := pyproject.toml --extra server --extra web --extra eval --extra test --universal \
	--python-version 3.11 \
	--custom-compile-command "make lock" --quiet

.PHONY: setup run test proto proto-check lint typecheck bench bench-clients clean lock lock-check \
	walkthrough

# Every version pinned by requirements.lock (what every node of a Ray cluster must share),
# then the project itself without touching them. Editable: setuptools' note that an
# editable install prefers folders named like its packages (engine/, services/, proto/arena
# here, which is the point) is silenced; every other warning still shows.
setup:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.lock
	PYTHONWARNINGS="ignore:Editable installation" $(PY) -m pip install --quiet --no-deps -e .

# Re-resolve requirements.lock after changing dependencies in pyproject.toml.
lock:
	$(VENV)/bin/uv pip compile $(UV_COMPILE) -o requirements.lock

# Fail when requirements.lock does not match pyproject.toml.
lock-check:
	@tmp=$$(mktemp) && cp requirements.lock $$tmp && \
	$(VENV)/bin/uv pip compile $(UV_COMPILE) -o $$tmp && \
	diff -u requirements.lock $$tmp \
		|| { echo "requirements.lock is stale: run 'make lock' and commit"; exit 1; }

# deploy/README.md's one-host walk-through, run as written (Redis, Ray, gateway, Prometheus).
walkthrough:
	$(PY) deploy/walkthrough.py

# A real demo tournament on the embedded defaults: built-in bots on a local Ray instance.
run:  # the demo's report replaces the last one
	rm -rf out/demo
	$(ARENA) tournament --game monster-my-neighbor --players 5 --format round-robin \
		--entrants random,heuristic --games 1200 --seed 1 --workers 2 --out out/demo

# The rules tests are CPU-bound and share no servers: they run first, on TEST_WORKERS
# processes (pytest-xdist). The rest (servers, Ray, the
# timing-sensitive fault tests) runs after them on one process. Both always run; either
# failing fails the target.
TEST_WORKERS ?= 2
RULES_TESTS  := tests/ark_nova tests/epic_resort tests/monster_my_neighbor tests/replays \
	tests/spec_coverage tests/boss tests/architecture tests/docs tests/matchmaking
test:
	@status=0; \
	$(PY) -m pytest -q -n $(TEST_WORKERS) $(RULES_TESTS) || status=1; \
	$(PY) -m pytest -q $(addprefix --ignore=,$(RULES_TESTS)) || status=1; \
	exit $$status

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

# mypy, ruff, the import contracts of pyproject.toml [tool.importlinter] (the layers of
# docs/architecture.md), buf.
lint: typecheck
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache
	cd proto && ../$(VENV)/bin/buf lint

# mypy over engine/, services/ and bench/ (settings in pyproject.toml [tool.mypy]).
typecheck:
	$(VENV)/bin/mypy

# SOAK_MINUTES: length of the memory soak (bench/soak.py); 30 for the full one.
SOAK_MINUTES ?= 3
bench:
	$(PY) -m bench.run --soak-minutes $(SOAK_MINUTES)

# The starter kits in clients/: cold builds, round trips, example win rates.
bench-clients:
	clients/bench --examples 1000

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
