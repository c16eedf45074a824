"""Spectating: the live match feed a gateway publishes to, and the public view built
from it (see :mod:`services.spectate.feed`)."""
