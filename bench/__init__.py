"""Benchmarks (``make bench``): engine speed, Ray throughput, gateway round trips.

Speed is measured and printed here, never asserted in tests.
"""
