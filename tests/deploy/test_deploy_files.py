"""The deployment files agree with the code they deploy."""

from __future__ import annotations

import argparse
import json
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from services.cli import validate
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


def _skip_file_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parse deploy command lines here, where their TLS files and directories do not
    exist: the path flags are taken as given."""
    for check in ("readable_file", "writable_file", "output_dir"):
        monkeypatch.setattr(validate, check, Path)


def _serve_args(monkeypatch: pytest.MonkeyPatch) -> argparse.Namespace:
    _skip_file_checks(monkeypatch)
    return build_parser().parse_args(_serve_argv())


def _unit() -> str:
    return (DEPLOY / "systemd" / "arena-serve.service").read_text()


def test_the_service_unit_runs_a_valid_serve_command(monkeypatch: pytest.MonkeyPatch) -> None:
    args = _serve_args(monkeypatch)
    assert args.command == "serve"
    assert args.redis.startswith("redis://")
    assert args.log_format == "json"
    # Behind the front proxy: loopback only, TLS and per-address limits in nginx.
    assert args.host == "127.0.0.1" and args.tls_cert is None and args.hello_rate == 0
    assert "RAY_" not in _unit()  # the gateway hosts its matches itself


def test_the_service_unit_lets_the_gateway_drain(monkeypatch: pytest.MonkeyPatch) -> None:
    args = _serve_args(monkeypatch)
    settings = dict(re.findall(r"^(\w+)=(.*)$", _unit(), re.M))
    assert settings["KillMode"] == "mixed"  # SIGTERM to the gateway; it stops its workers
    assert float(settings["TimeoutStopSec"]) > args.drain_timeout
    assert args.journal.parent == Path("/var/lib") / settings["StateDirectory"]


def test_the_service_unit_allows_the_files_its_connection_cap_needs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from services.cli.serve_limits import open_files_needed

    args = _serve_args(monkeypatch)
    settings = dict(re.findall(r"^(\w+)=(.*)$", _unit(), re.M))
    assert int(settings["LimitNOFILE"]) >= open_files_needed(args.max_connections)


def test_the_front_proxy_passes_to_the_gateway_of_the_unit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = _serve_args(monkeypatch)
    site = (DEPLOY / "nginx" / "arena-grpc.conf").read_text()
    assert f"server {args.host}:{args.port};" in site
    assert re.search(r"^\s*listen 50051 ssl http2;", site, re.M)
    assert "grpc_pass grpc://arena_gateway;" in site
    assert re.search(r"^\s*large_client_header_buffers \d+ 8k;", site, re.M)


def test_the_service_unit_bounds_memory_and_restarts(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = dict(re.findall(r"^(\w+)=(.*)$", _unit(), re.M))
    assert settings["MemoryMax"] == "2G" and settings["OOMPolicy"] == "stop"
    assert settings["Restart"] in ("on-failure", "always")


def test_prometheus_scrapes_the_gateway_metrics_port(monkeypatch: pytest.MonkeyPatch) -> None:
    config = yaml.safe_load((DEPLOY / "prometheus" / "prometheus.yml").read_text())
    (job,) = [j for j in config["scrape_configs"] if j["job_name"] == "arena-gateway"]
    targets = job["static_configs"][0]["targets"]
    args = _serve_args(monkeypatch)
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
    assert all(".venv/bin/ray stop" in c for c in commands if "ray stop" in c)
    # Every node runs with token auth and receives the same token file.
    assert all("RAY_AUTH_MODE=token" in c for c in commands if "ray start" in c)
    assert "~/.ray/auth_token" in cluster["file_mounts"]


def _redis_port() -> int:
    conf = (DEPLOY / "redis" / "redis.conf").read_text()
    (port,) = re.findall(r"^port (\d+)$", conf, re.M)
    return int(port)


def test_ray_and_redis_and_metrics_ports_do_not_collide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cluster = yaml.safe_load((DEPLOY / "ray" / "cluster.yaml").read_text())
    (head,) = [c for c in cluster["head_start_ray_commands"] if "--head" in c]
    ray_port = int(re.findall(r"--port=(\d+)", head)[0])
    workers = " ".join(cluster["worker_start_ray_commands"])
    assert f"$RAY_HEAD_IP:{ray_port}" in workers
    args = _serve_args(monkeypatch)
    ports = [_redis_port(), ray_port, args.port, args.metrics_port]
    assert len(set(ports)) == len(ports)
    assert args.metrics_port != 9100  # node_exporter's


def _pinned_ray() -> str:
    lock = (DEPLOY.parent / "requirements.lock").read_text()
    (version,) = re.findall(r"^ray==([\d.]+)", lock, re.M)
    return version


def test_kuberay_manifest_matches_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    documents = list(yaml.safe_load_all((DEPLOY / "kuberay" / "raycluster.yaml").read_text()))
    by_kind = {d["kind"]: d for d in documents}
    spec = by_kind["RayCluster"]["spec"]
    assert spec["rayVersion"] == _pinned_ray()
    assert spec["authOptions"]["mode"] == "token"
    assert spec["headGroupSpec"]["rayStartParams"]["port"] != str(_redis_port())
    # The gateway needs no Ray: its own Deployment, one pod owning the journal's volume.
    deployment = by_kind["Deployment"]["spec"]
    assert deployment["replicas"] == 1 and deployment["strategy"]["type"] == "Recreate"
    pod = deployment["template"]["spec"]
    gateway, proxy = pod["containers"]
    _skip_file_checks(monkeypatch)
    args = build_parser().parse_args(gateway["args"])
    assert args.command == "serve"
    assert not any(e["name"].startswith("RAY_") for e in gateway["env"])
    assert {e["name"] for e in gateway["env"]} == {"ARENA_REDIS_URL"}
    (mount,) = gateway["volumeMounts"]
    assert args.journal.parent == Path(mount["mountPath"])
    volumes = {v["name"]: v for v in pod["volumes"]}
    assert volumes[mount["name"]]["persistentVolumeClaim"]["claimName"] == (
        by_kind["PersistentVolumeClaim"]["metadata"]["name"])
    assert pod["terminationGracePeriodSeconds"] > args.drain_timeout
    assert "ports" not in gateway and "readinessProbe" not in gateway
    service = by_kind["Service"]["spec"]
    assert service["selector"] == deployment["selector"]["matchLabels"]
    _kuberay_gateway_is_behind_the_front_proxy(args, proxy, volumes, service)


def _kuberay_gateway_is_behind_the_front_proxy(
    args: argparse.Namespace, proxy: dict[str, Any], volumes: dict[str, Any],
    service: dict[str, Any],
) -> None:
    """As under systemd: the gateway on its pod's loopback, and the shipped nginx files
    (one ConfigMap made from both, as the manifest's header says) in a sidecar that holds
    every port the Service exposes."""
    assert args.host == "127.0.0.1" and args.tls_cert is None and args.hello_rate == 0
    site = (DEPLOY / "nginx" / "arena-grpc.conf").read_text()
    pod_site = (DEPLOY / "nginx" / "arena-pod.conf").read_text()
    assert f"server {args.host}:{args.port};" in site
    assert f"proxy_pass http://{args.host}:{args.metrics_port};" in pod_site
    assert f"grpc_pass grpc://{args.host}:{args.port};" in pod_site
    header = (DEPLOY / "kuberay" / "raycluster.yaml").read_text()
    mounts = {m["name"]: m["mountPath"] for m in proxy["volumeMounts"]}
    config_map = volumes["nginx"]["configMap"]["name"]
    assert mounts["nginx"] == "/etc/nginx/conf.d"
    assert re.search(rf"create configmap {config_map} \\\n#\s+--from-file=deploy/nginx/"
                     r"arena-grpc.conf --from-file=deploy/nginx/arena-pod.conf", header)
    tls = volumes["tls"]["secret"]
    assert f"create secret tls {tls['secretName']} " in header
    paths = {item["path"] for item in tls["items"]}
    for name in ("server.pem", "server.key"):
        assert name in paths and f"{mounts['tls']}/{name};" in site
    ports = {p["name"]: p["containerPort"] for p in proxy["ports"]}
    assert re.search(rf"^\s*listen {ports['grpc']} ssl http2;", site, re.M)
    assert re.search(rf"^\s*listen {ports['metrics']};", pod_site, re.M)
    assert re.search(rf"^\s*listen {ports['health']} http2;", pod_site, re.M)
    assert proxy["readinessProbe"]["grpc"]["port"] == ports["health"]
    assert {p["targetPort"] for p in service["ports"]} == {"grpc", "metrics"}
    assert {p["port"] for p in service["ports"]} == {ports["grpc"], ports["metrics"]}


def test_the_walkthrough_runs_every_shell_block_of_the_readme() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("walkthrough", DEPLOY / "walkthrough.py")
    assert spec is not None and spec.loader is not None
    walkthrough = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(walkthrough)
    steps = walkthrough.blocks((DEPLOY / "README.md").read_text())
    markers = [marker for marker, _ in steps]
    assert markers.count("ports") == 1 and "skip" not in markers
    code = "\n".join(code for _, code in steps)
    for needed in ("redis-server", "ray start --head", "ray start --address", "arena serve",
                   "prometheus --config.file", "arena bot", "arena bots register",
                   "deploy/nginx/arena-grpc.conf", '--server "127.0.0.1:$PROXY_PORT"',
                   "--tls-ca", "--journal", "kill -TERM", "arena league"):
        assert needed in code


def test_the_web_unit_reads_what_the_gateway_writes_at_a_lower_priority(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    unit = (DEPLOY / "systemd" / "arena-web.service").read_text()
    (line,) = re.findall(r"^ExecStart=(.*)$", unit.replace("\\\n", " "), re.M)
    argv = shlex.split(line)
    assert argv[0].endswith("/arena")
    serve = _serve_args(monkeypatch)
    web = build_parser().parse_args(argv[1:])
    assert web.command == "web"
    assert (web.redis, web.key_prefix) == (serve.redis, serve.key_prefix)
    assert web.replays == serve.replays and web.max_resimulations >= 1
    assert int(dict(re.findall(r"^(\w+)=(.*)$", unit, re.M))["Nice"]) > 0


@pytest.mark.skipif(shutil.which("nginx") is None, reason="needs nginx")
def test_the_pod_sidecars_nginx_file_is_valid(tmp_path: Path) -> None:
    """deploy/nginx/arena-pod.conf (the Kubernetes sidecar's metrics and health ports)
    passes ``nginx -t`` inside an http block, as /etc/nginx/conf.d/ includes it."""
    (tmp_path / "tmp").mkdir()
    main = tmp_path / "nginx.conf"
    main.write_text(
        "pid nginx.pid;\nerror_log stderr warn;\nevents { worker_connections 64; }\n"
        "http {\n    access_log off;\n    client_body_temp_path tmp/body;\n"
        "    proxy_temp_path tmp/proxy;\n    fastcgi_temp_path tmp/fastcgi;\n"
        "    uwsgi_temp_path tmp/uwsgi;\n    scgi_temp_path tmp/scgi;\n"
        f"    include {DEPLOY / 'nginx' / 'arena-pod.conf'};\n}}\n")
    checked = subprocess.run(["nginx", "-t", "-p", str(tmp_path), "-c", str(main)],
                             capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
