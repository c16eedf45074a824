"""A Prometheus registry of one process: its own series plus the process, platform and
garbage-collector collectors every Arena service exports."""

from __future__ import annotations

from prometheus_client import CollectorRegistry
from prometheus_client.gc_collector import GCCollector
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector


def process_registry() -> CollectorRegistry:
    """A new registry that already holds the process, platform and GC collectors."""
    registry = CollectorRegistry()
    ProcessCollector(registry=registry)
    PlatformCollector(registry=registry)
    GCCollector(registry=registry)
    return registry
