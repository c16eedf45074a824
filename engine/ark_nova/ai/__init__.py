"""Ark Nova's own bots: the heuristic evaluation, the fast rule-based rollout policy, the
determinization of an observation and the greedy bot. The top layer below the package's
own modules (``game_state.py``, ``search.py``, ``__init__.py``)."""
