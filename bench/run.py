"""``python -m bench.run`` (what ``make bench`` runs): every benchmark, in turn."""

from __future__ import annotations

from bench import engine, gateway, host, ladder, search, tournament, web, web_play


def main() -> None:
    engine.main([])
    print()
    search.main([])
    print()
    tournament.main([])
    print()
    ladder.main([])
    print()
    host.main([])
    print()
    gateway.main()
    print()
    web.main([])
    print()
    web_play.main([])


if __name__ == "__main__":
    main()
