"""Errors raised by engines. Each carries a message a bot author can act on."""


class ArenaError(Exception):
    """Base class for every engine error."""


class ConfigError(ArenaError):
    """A game config or card-data file is invalid; the message names the field."""


class IllegalChoice(ArenaError):
    """A choice that is not one of the legal options. The state is left unchanged."""


class NotYourTurn(IllegalChoice):
    """A seat tried to decide when no decision is pending for it."""
