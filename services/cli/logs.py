"""Logging for long-running commands: ``--log-level`` and ``--log-format text|json``.

Every line carries a UTC timestamp (ISO 8601, milliseconds), the level and the logger
name. ``json`` writes one object per line with the same fields plus any ``extra``
fields a call site passes, for log shippers; ``text`` is for people.

The level applies to the arena's own loggers (``services``, ``engine``). Other libraries
(matplotlib, Ray, gRPC) log only warnings and errors unless the level is ``debug``: at
``info`` an operator's log should hold the arena's events, not a plotting library
announcing its font cache.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from typing import Any

LEVELS = ("debug", "info", "warning", "error")
FORMATS = ("text", "json")
OWN_LOGGERS = ("services", "engine")

# Attributes every LogRecord has; anything else came from ``extra=`` and is kept.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


def add_logging_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--log-level", choices=LEVELS, default="info", help="least severe level logged"
    )
    parser.add_argument(
        "--log-format", choices=FORMATS, default="text",
        help="text (default) or json (one object per line)",
    )


def _timestamp(created: float) -> str:
    seconds = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(created))
    return f"{seconds}.{int(created % 1 * 1000):03d}Z"


class TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = f"{_timestamp(record.created)} {record.levelname:<7} {record.name}: "
        line += record.getMessage()
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": _timestamp(record.created),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


def configure_logging(level: str = "info", fmt: str = "text") -> None:
    """Send the arena's records at ``level`` or above to stderr in ``fmt``, and other
    libraries' at ``level`` or ``warning``, whichever is higher (all of them at ``debug``)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    number = logging.getLevelNamesMapping()[level.upper()]
    root.setLevel(number if number == logging.DEBUG else max(number, logging.WARNING))
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(number)
