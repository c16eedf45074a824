"""The KubeRay RayJob of a tournament runs a valid ``arena tournament`` command with the
strategy it ships, on the Ray and the image the rest of deploy/ uses, and that strategy
is the one docs/bots.md walks through."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml

from services.cli.main import build_parser
from services.cli.tournament import build_config, settings

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "deploy" / "kuberay" / "tournament-rayjob.yaml"
RAYCLUSTER = ROOT / "deploy" / "kuberay" / "raycluster.yaml"
EXAMPLE = ROOT / "docs" / "examples" / "big_hand_hunter.py"


def documents(path: Path = MANIFEST) -> dict[str, dict]:
    return {doc["kind"]: doc for doc in yaml.safe_load_all(path.read_text())}


def images(cluster_spec: dict) -> set[str]:
    groups = [cluster_spec["headGroupSpec"], *cluster_spec["workerGroupSpecs"]]
    return {c["image"] for g in groups for c in g["template"]["spec"]["containers"]}


def test_the_rayjob_runs_a_valid_tournament_with_the_shipped_strategy(tmp_path: Path) -> None:
    docs = documents()
    job = docs["RayJob"]
    assert job["apiVersion"] == "ray.io/v1"
    argv = shlex.split(job["spec"]["entrypoint"])
    assert argv[:2] == ["arena", "tournament"]
    head = job["spec"]["rayClusterSpec"]["headGroupSpec"]["template"]["spec"]
    mounts = {m["name"]: m["mountPath"] for m in head["containers"][0]["volumeMounts"]}
    volumes = {v["name"]: v for v in head["volumes"]}
    assert volumes["strategies"]["configMap"]["name"] == docs["ConfigMap"]["metadata"]["name"]
    assert volumes["results"]["persistentVolumeClaim"]["claimName"] == (
        docs["PersistentVolumeClaim"]["metadata"]["name"])
    assert argv[argv.index("--out") + 1].startswith(mounts["results"] + "/")
    # Where the pod mounts the volumes, this checkout has the strategy and a scratch
    # directory (the flags are checked as the command line is parsed).
    local = {mounts["strategies"]: str(EXAMPLE.parent), mounts["results"]: str(tmp_path)}
    pattern = "|".join(re.escape(mount) for mount in local)
    args = build_parser().parse_args(
        [re.sub(f"^({pattern})(?=/)", lambda m: local[m.group(1)], arg) for arg in argv[1:]])
    config = build_config(settings(args))
    assert config.format == "sprt" and config.names == ("big-hand-hunter", "heuristic")


def test_the_rayjob_cluster_runs_the_locked_ray_and_the_project_image() -> None:
    spec = documents()["RayJob"]["spec"]["rayClusterSpec"]
    (pinned,) = re.findall(r"^ray==([\d.]+)", (ROOT / "requirements.lock").read_text(), re.M)
    assert spec["rayVersion"] == pinned
    (image,) = images(spec)
    assert {image} == images(documents(RAYCLUSTER)["RayCluster"]["spec"])


def test_the_configmap_strategy_is_the_documented_example() -> None:
    shipped = documents()["ConfigMap"]["data"]["big_hand_hunter.py"]
    assert shipped == EXAMPLE.read_text()
