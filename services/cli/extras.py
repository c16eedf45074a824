"""Commands that need an optional extra say so in one line when the install lacks it.

The client install (``pip install tabletop-arena``) has no Ray and no evaluation stack;
``arena tournament`` there names the extras to install instead of printing a traceback.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

# What `arena tournament` imports: Ray (server) and the eval extra; `arena report`
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
            noun = "extras" if len(extras) > 1 else "extra"
            return (f"arena {command} needs the {' and '.join(extras)} {noun} (module "
                    f"{name!r} is not installed): pip install "
                    f"'tabletop-arena[{','.join(extras)}]' (make setup installs them)")
    return None
