"""The contract tests use the gateway suite's fixture: a real gateway on loopback."""

from tests.gateway.conftest import start_gateway

__all__ = ["start_gateway"]
