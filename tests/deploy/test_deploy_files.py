"""The deployment files agree with the code they deploy."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import yaml

from services.cli.main import build_parser
from services.metrics import ArenaMetrics

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


# Series names Prometheus derives from each metric type.
_SUFFIXES = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count"), "gauge": ("",)}


def _exported_metric_names() -> set[str]:
    return {
        family.name + suffix
        for family in ArenaMetrics().registry.collect()
        for suffix in _SUFFIXES.get(family.type, ("",))
    }


def _dashboard() -> dict:
    return json.loads((DEPLOY / "grafana" / "dashboards" / "arena.json").read_text())


def _serve_argv() -> list[str]:
    unit = (DEPLOY / "systemd" / "arena-serve.service").read_text().replace("\\\n", " ")
    (line,) = re.findall(r"^ExecStart=(.*)$", unit, re.M)
    argv = shlex.split(line)
    assert argv[0].endswith("/arena")
    return argv[1:]


_METRIC = re.compile(r"\b(?:arena|process)_[a-z_]+")


def test_every_metric_in_the_dashboard_is_exported() -> None:
    exprs = [t["expr"] for panel in _dashboard()["panels"] for t in panel["targets"]]
    used = {name for expr in exprs for name in _METRIC.findall(expr)}
    assert used, "the dashboard queries no arena metric"
    assert used <= _exported_metric_names()


def test_every_metric_in_the_alert_rules_is_exported() -> None:
    rules = yaml.safe_load((DEPLOY / "prometheus" / "rules.yml").read_text())
    exprs = [rule["expr"] for group in rules["groups"] for rule in group["rules"]]
    used = {name for expr in exprs for name in _METRIC.findall(expr)}
    assert {"arena_decisions_total", "arena_rating_retry_queue", "arena_matches_total"} <= used
    assert used <= _exported_metric_names()


def test_every_dashboard_panel_has_a_unit_and_every_line_a_legend() -> None:
    for panel in _dashboard()["panels"]:
        assert panel["fieldConfig"]["defaults"]["unit"], panel["title"]
        assert panel["options"]["legend"]["showLegend"], panel["title"]
        legends = [target["legendFormat"] for target in panel["targets"]]
        assert all(legends) and len(set(legends)) == len(legends), panel["title"]


def test_the_service_unit_runs_a_valid_serve_command() -> None:
    args = build_parser().parse_args(_serve_argv())
    assert args.command == "serve"
    assert args.redis.startswith("redis://")


def test_prometheus_scrapes_the_gateway_metrics_port() -> None:
    config = yaml.safe_load((DEPLOY / "prometheus" / "prometheus.yml").read_text())
    (job,) = [j for j in config["scrape_configs"] if j["job_name"] == "arena-gateway"]
    targets = job["static_configs"][0]["targets"]
    args = build_parser().parse_args(_serve_argv())
    assert f"127.0.0.1:{args.metrics_port}" in targets


def test_grafana_provisioning_points_at_the_dashboard_datasource() -> None:
    source = yaml.safe_load(
        (DEPLOY / "grafana" / "provisioning" / "datasources" / "prometheus.yaml").read_text()
    )
    uid = source["datasources"][0]["uid"]
    dashboard = json.loads((DEPLOY / "grafana" / "dashboards" / "arena.json").read_text())
    assert all(panel["datasource"]["uid"] == uid for panel in dashboard["panels"])


def test_ray_cluster_config_starts_head_and_workers_from_the_project_venv() -> None:
    cluster = yaml.safe_load((DEPLOY / "ray" / "cluster.yaml").read_text())
    assert cluster["provider"]["type"] == "local"
    commands = cluster["head_start_ray_commands"] + cluster["worker_start_ray_commands"]
    assert any("--head" in c for c in cluster["head_start_ray_commands"])
    assert all(".venv/bin/ray start" in c for c in commands if "ray start" in c)
