"""Prometheus metrics of the gateway, in a registry of their own."""

from services.metrics.arena import ArenaMetrics

__all__ = ["ArenaMetrics"]
