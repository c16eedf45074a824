"""``python -m bench.run`` (what ``make bench`` runs): every benchmark, in turn."""

from __future__ import annotations

import importlib

from bench import engine, ladder, tournament


def main() -> None:
    engine.main([])
    print()
    tournament.main([])
    print()
    ladder.main([])
    try:
        gateway = importlib.import_module("bench.gateway")
    except ModuleNotFoundError as err:
        if err.name != "bench.gateway":
            raise
        print("\n(gateway benchmark not available: bench/gateway.py is missing)")
        return
    print()
    gateway.main()
    print()
    importlib.import_module("bench.web").main([])


if __name__ == "__main__":
    main()
