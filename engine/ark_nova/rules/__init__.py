"""The rules (spec 3-17, 21): setup, the turn, the five actions, tracks, cards, the zoo,
projects, breaks, the end, the solo clock, the map rules, and what each effect value
does (``resolve.py``, the top of this layer; ``dispatch.py`` fires values through it).
Above ``model``, ``cards`` and ``map``; nothing here imports ``view`` or ``ai``."""
