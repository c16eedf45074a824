"""Moved to tests/ray_cluster.py (the two-node cluster every test may use, with its
``two_node_ray`` fixture); kept so imports of the old place go on working."""

from tests.ray_cluster import Cluster, Node, start_cluster

__all__ = ["Cluster", "Node", "start_cluster"]
