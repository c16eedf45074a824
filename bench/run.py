"""``python -m bench.run`` (what ``make bench`` runs): every benchmark, in turn. The
memory soak runs ``--soak-minutes`` (3 by default, ``make bench SOAK_MINUTES=30`` or
``python -m bench.soak --minutes 30`` for the full one)."""

from __future__ import annotations

import argparse

from bench import (
    engine,
    gateway,
    host,
    hosted,
    ladder,
    ladder_quality,
    search,
    soak,
    tournament,
    web,
    web_play,
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__)
    parser.add_argument("--soak-minutes", type=float, default=3.0,
                        help="length of the memory soak (bench.soak)")
    args = parser.parse_args(argv)
    engine.main([])
    print()
    search.main([])
    print()
    tournament.main([])
    print()
    ladder.main([])
    print()
    ladder_quality.main([])
    print()
    host.main([])
    print()
    gateway.main()
    print()
    hosted.main([])
    print()
    soak.main(["--minutes", f"{args.soak_minutes:g}"])
    print()
    web.main([])
    print()
    web_play.main([])


if __name__ == "__main__":
    main()
