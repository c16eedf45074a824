"""The game data (spec 2): options (``params.py``), the state records with their cheap
clones (``state.py``), the public log's typed event records (``events.py``), the
decision-step base (``steps.py``) and one execution of an action (``ctx.py``). Above
``map`` and ``cards``, below the rules."""
