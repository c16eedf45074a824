"""The KubeRay RayJob of a tournament runs a valid ``arena tournament`` command with the
strategy it ships, and that strategy is the one docs/bots.md walks through."""

from __future__ import annotations

import shlex
from pathlib import Path

import yaml

from services.cli.main import build_parser
from services.cli.tournament import build_config, settings

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "deploy" / "kuberay" / "tournament-rayjob.yaml"
EXAMPLE = ROOT / "docs" / "examples" / "big_hand_hunter.py"


def documents() -> dict[str, dict]:
    return {doc["kind"]: doc for doc in yaml.safe_load_all(MANIFEST.read_text())}


def test_the_rayjob_runs_a_valid_tournament_with_the_shipped_strategy() -> None:
    docs = documents()
    job = docs["RayJob"]
    assert job["apiVersion"] == "ray.io/v1"
    argv = shlex.split(job["spec"]["entrypoint"])
    assert argv[:2] == ["arena", "tournament"]
    args = build_parser().parse_args(argv[1:])
    strategies = job["spec"]["rayClusterSpec"]["headGroupSpec"]["template"]["spec"]
    mounts = {m["name"]: m["mountPath"] for m in strategies["containers"][0]["volumeMounts"]}
    volumes = {v["name"]: v for v in strategies["volumes"]}
    assert volumes["strategies"]["configMap"]["name"] == docs["ConfigMap"]["metadata"]["name"]
    assert volumes["results"]["persistentVolumeClaim"]["claimName"] == (
        docs["PersistentVolumeClaim"]["metadata"]["name"])
    assert str(args.out).startswith(mounts["results"] + "/")
    # Where the pod mounts the ConfigMap, this checkout has the same file.
    args.challenger = args.challenger.replace(mounts["strategies"], str(EXAMPLE.parent))
    config = build_config(settings(args))
    assert config.format == "sprt" and config.names == ("BigHandHunter", "heuristic")


def test_the_configmap_strategy_is_the_documented_example() -> None:
    shipped = documents()["ConfigMap"]["data"]["big_hand_hunter.py"]
    assert shipped == EXAMPLE.read_text()
