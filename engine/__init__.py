"""Tabletop Arena rules engines: pure Python, deterministic, no I/O."""
