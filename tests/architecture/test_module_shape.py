"""Every module of the product (engine/ and services/) is at most 600 lines and opens
with a docstring (issue 23's architecture: small modules that say what they are for)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[2]
MAX_LINES = 600


def product_modules() -> list[Path]:
    return sorted(path for top in ("engine", "services") for path in (ROOT / top).rglob("*.py"))


def test_no_module_is_over_600_lines() -> None:
    long = {str(path.relative_to(ROOT)): lines for path in product_modules()
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"split these modules (lines over {MAX_LINES}): {long}"


def test_every_module_opens_with_a_docstring() -> None:
    missing = [str(path.relative_to(ROOT)) for path in product_modules()
               if path.stat().st_size and
               ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) is None]
    assert not missing, f"modules without a docstring: {missing}"
