"""Commands that need an optional extra say so in one line when the install lacks it.

The client install (``pip install tabletop-arena``) has no server stack, no web front end
and no evaluation stack; ``arena serve``, ``play``, ``web``, ``tournament`` and ``report``
there name the extras to install instead of printing a traceback.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

# The gateway's own imports beyond the client install (the `server` extra).
SERVER_MODULES = ("grpc_health", "grpc_reflection", "prometheus_client")
# The web front end (the `web` extra).
WEB_MODULES = ("starlette", "uvicorn", "jinja2")
# What `arena play` and `arena tournament` import: Ray (server) and the eval extra; `arena report`
# needs only the eval extra (it never imports Ray).
EVAL_EXTRAS = ("server", "eval")
EVAL_MODULES = ("ray", "pyarrow", "numpy", "scipy", "matplotlib")
REPORT_EXTRAS = ("eval",)
REPORT_MODULES = ("pyarrow", "numpy", "scipy", "matplotlib")


def missing_extras(
    command: str, modules: Sequence[str] = EVAL_MODULES, extras: Sequence[str] = EVAL_EXTRAS
) -> str | None:
    """A one-line message if one of ``modules`` is not installed, else None. The modules
    are only looked up, not imported."""
    for name in modules:
        if importlib.util.find_spec(name) is None:
            plural = len(extras) > 1
            return (f"arena {command} needs the {' and '.join(extras)} "
                    f"extra{'s' if plural else ''} (module {name!r} is not installed): "
                    f"pip install 'tabletop-arena[{','.join(extras)}]' (make setup installs "
                    f"{'them' if plural else 'it'})")
    return None
