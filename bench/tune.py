"""Black-box tuning of a bot's parameters with CMA-ES, every evaluation a tournament.

``python -m bench.tune --game epic-resort --players 2 --bot boss --against greedy
--param c=0.2:2.0 --param width=2:8:int --games 40 --generations 4 --out runs/tune-er``

Each ``--param NAME=LOW:HIGH[:int]`` is one coordinate, searched in [0, 1] (mapped
linearly onto LOW..HIGH, rounded for ``int``) by CMA-ES (the maintained ``cma``
package). A candidate is the bot spec ``BOT:NAME=VALUE,...``; it is evaluated by
``arena tournament --format gauntlet --entrants CANDIDATE,AGAINST`` (``--workers 0``
plays in that process, ``--workers N`` on local Ray, seats rotated, the same master seed
for every candidate so candidates meet the same deals), and its loss is 1 - its win rate.

Everything is kept under ``--out``:

- ``tune.json``: the settings (a resumed run must be given the same ones);
- ``evals/gGGG-cCC/``: each evaluation's tournament directory (results, summary, plots);
- ``evals.jsonl``: one line per finished evaluation (generation, candidate, spec, wins,
  games, win rate);
- ``pending.json``: the candidates of the generation being evaluated;
- ``es.pickle``: the optimiser after the last finished generation;
- ``best.json``: the optimiser's current mean (its recommendation) and the best
  evaluation so far.

Run the same command again to resume: finished evaluations are read back, an interrupted
tournament continues with ``arena tournament --resume``, and the optimiser carries on
from ``es.pickle``.
"""

from __future__ import annotations

import argparse
import json
import pickle
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

SIGMA0 = 0.3  # the initial step size in the unit cube


@dataclass(frozen=True, slots=True)
class Param:
    """One tuned coordinate: its name in the bot spec, its range and its type."""

    name: str
    low: float
    high: float
    integer: bool

    @classmethod
    def parse(cls, text: str) -> Param:
        name, eq, rest = text.partition("=")
        parts = rest.split(":")
        if not eq or not name or len(parts) not in (2, 3) or (
                len(parts) == 3 and parts[2] != "int"):
            raise SystemExit(f"--param {text!r}: expected NAME=LOW:HIGH or NAME=LOW:HIGH:int")
        try:
            low, high = float(parts[0]), float(parts[1])
        except ValueError:
            raise SystemExit(f"--param {text!r}: LOW and HIGH must be numbers") from None
        if not low < high:
            raise SystemExit(f"--param {text!r}: LOW must be below HIGH")
        return cls(name.strip(), low, high, len(parts) == 3)

    def value(self, unit: float) -> float | int:
        """The parameter's value at ``unit`` in [0, 1] (clipped)."""
        v = self.low + min(1.0, max(0.0, unit)) * (self.high - self.low)
        return round(v) if self.integer else round(v, 4)


def candidate_spec(bot: str, params: list[Param], x: list[float]) -> str:
    """The bot spec of a point of the unit cube."""
    sep = "," if ":" in bot else ":"
    return bot + sep + ",".join(f"{p.name}={p.value(u)}" for p, u in zip(params, x, strict=True))


def tournament(args: argparse.Namespace, spec: str, out: Path) -> tuple[float, int]:
    """(wins, games) of ``spec`` in a gauntlet against ``--against``, played or resumed."""
    summary = out / "summary.json"
    if not summary.exists():
        cmd = [sys.executable, "-m", "services.cli.main", "tournament"]
        if (out / "results.parquet").exists():
            cmd += ["--resume", str(out / "results.parquet")]
        else:
            cmd += ["--game", args.game, "--players", str(args.players), "--format", "gauntlet",
                    "--entrants", f"{spec},{args.against}", "--games", str(args.games),
                    "--seed", str(args.seed), "--out", str(out), "--resamples", "50"]
            for option in args.option:
                cmd += ["--option", option]
        if args.workers is not None:
            cmd += ["--workers", str(args.workers)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    data = json.loads(summary.read_text())
    row = data["entrants"][spec]
    return float(row["wins"]), int(row["games"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.tune", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--bot", default="boss", help="bot spec the parameters are added to")
    parser.add_argument("--against", required=True, help="bot spec of the other seats")
    parser.add_argument("--param", action="append", required=True, metavar="NAME=LOW:HIGH[:int]")
    parser.add_argument("--start", default="", help="start point NAME=VALUE,... (default: "
                        "the middle of each range)")
    parser.add_argument("--games", type=int, default=40, help="games per evaluation")
    parser.add_argument("--generations", type=int, default=4)
    parser.add_argument("--popsize", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None,
                        help="arena tournament --workers (0: in process, no Ray)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    params = [Param.parse(text) for text in args.param]
    if len(params) < 2:
        raise SystemExit("--param: CMA-ES needs at least two coordinates")
    args.out.mkdir(parents=True, exist_ok=True)
    settings = {"game": args.game, "players": args.players, "bot": args.bot,
                "against": args.against, "params": [asdict(p) for p in params],
                "start": args.start, "games": args.games, "popsize": args.popsize,
                "seed": args.seed, "option": args.option}
    stored = args.out / "tune.json"
    if stored.exists() and json.loads(stored.read_text()) != settings:
        raise SystemExit(f"{stored} holds other settings: use another --out or the same flags")
    stored.write_text(json.dumps(settings, indent=1) + "\n")
    run(args, params)


def _start(args: argparse.Namespace, params: list[Param]) -> list[float]:
    given: dict[str, float] = {}
    for item in filter(None, args.start.split(",")):
        key, _, value = item.partition("=")
        given[key.strip()] = float(value)
    return [(given[p.name] - p.low) / (p.high - p.low) if p.name in given else 0.5
            for p in params]


def run(args: argparse.Namespace, params: list[Param]) -> None:
    import cma  # the eval extra; imported here so `--help` works without it

    out: Path = args.out
    saved = out / "es.pickle"
    es: Any
    if saved.exists():
        es = pickle.loads(saved.read_bytes())
    else:
        es = cma.CMAEvolutionStrategy(_start(args, params), SIGMA0, {
            "bounds": [0.0, 1.0], "popsize": args.popsize, "seed": args.seed,
            "verbose": -9})
    log = out / "evals.jsonl"
    done: dict[tuple[int, int], dict[str, Any]] = {}
    if log.exists():
        for line in log.read_text().splitlines():
            row = json.loads(line)
            done[(row["generation"], row["candidate"])] = row
    while es.countiter < args.generations:
        generation = es.countiter
        pending = out / "pending.json"
        if pending.exists() and json.loads(pending.read_text())["generation"] == generation:
            xs = json.loads(pending.read_text())["x"]
        else:
            xs = [list(map(float, x)) for x in es.ask()]
            pending.write_text(json.dumps({"generation": generation, "x": xs}) + "\n")
        losses = []
        for k, x in enumerate(xs):
            row = done.get((generation, k))
            if row is None:
                spec = candidate_spec(args.bot, params, x)
                wins, games = tournament(args, spec, out / "evals" / f"g{generation:03d}-c{k:02d}")
                row = {"generation": generation, "candidate": k, "x": x, "spec": spec,
                       "wins": wins, "games": games, "win_rate": round(wins / games, 4)}
                with log.open("a") as f:
                    f.write(json.dumps(row) + "\n")
                done[(generation, k)] = row
                print(f"g{generation} c{k} {spec}: {wins:g}/{games} = {row['win_rate']:.3f}",
                      flush=True)
            losses.append(1.0 - row["win_rate"])
        es.tell([list(x) for x in xs], losses)
        saved.write_bytes(pickle.dumps(es))
        best = max(done.values(), key=lambda r: (r["win_rate"], -r["generation"]))
        mean = [float(v) for v in es.mean]
        (out / "best.json").write_text(json.dumps({
            "generations": es.countiter, "mean_spec": candidate_spec(args.bot, params, mean),
            "best_evaluated": best}, indent=1) + "\n")
        print(f"generation {generation} done: mean {candidate_spec(args.bot, params, mean)}; "
              f"best so far {best['spec']} {best['win_rate']:.3f}", flush=True)


if __name__ == "__main__":
    main()
