"""Whole matches between built-in bots, in batches: in this process or on Ray workers."""
