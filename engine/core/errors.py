"""Errors raised by engines. Each carries a message a bot author can act on."""


class ArenaError(Exception):
    """Base class for every engine error."""


class ConfigError(ArenaError):
    """A game config or card-data file is invalid; the message names the field."""


class CardFileError(ConfigError):
    """The text of a card file is wrong (its syntax, or a card's field). The engine sees
    only the text, so the message says "card file"; the command that read the file names
    it with :meth:`naming`."""

    def __init__(self, detail: str) -> None:
        super().__init__(f"card file: {detail}")
        self.detail = detail

    def naming(self, path: object) -> ConfigError:
        """The same problem, naming the file it was read from."""
        return ConfigError(f"card file {str(path)!r}: {self.detail}")


class IllegalChoice(ArenaError):
    """A choice that is not one of the legal options. The state is left unchanged."""


class NotYourTurn(IllegalChoice):
    """A seat tried to decide when no decision is pending for it."""
