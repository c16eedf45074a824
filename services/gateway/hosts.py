"""Where match hosts run: a Ray actor per match (the service), or in-process (benchmarks).

Both give the same awaitable interface over :class:`services.runner.host.MatchHost`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import ray

from services.runner.host import HostStep, MatchHost, RemoteMatchHost


class HostHandle(Protocol):
    async def start(self) -> HostStep: ...
    async def submit(self, seat: int, index: int) -> HostStep: ...
    async def substitute(self, seat: int) -> HostStep: ...
    async def forfeit(self, seat: int) -> HostStep: ...
    def close(self) -> None: ...


class HostFactory(Protocol):
    def __call__(
        self,
        game_id: str,
        config: Mapping[str, Any],
        seed: int,
        remote: Sequence[bool],
        labels: Sequence[str],
        fill: str,
    ) -> HostHandle: ...


class RayHost:
    """A :class:`MatchHost` actor; each call is one actor round trip."""

    def __init__(self, *args: Any) -> None:
        self._actor = RemoteMatchHost.remote(*args)

    async def start(self) -> HostStep:
        return await self._actor.start.remote()

    async def submit(self, seat: int, index: int) -> HostStep:
        return await self._actor.submit.remote(seat, index)

    async def substitute(self, seat: int) -> HostStep:
        return await self._actor.substitute.remote(seat)

    async def forfeit(self, seat: int) -> HostStep:
        return await self._actor.forfeit.remote(seat)

    def close(self) -> None:
        ray.kill(self._actor, no_restart=True)


class LocalHost:
    """A :class:`MatchHost` in the gateway's own process (built-in moves block the loop)."""

    def __init__(self, *args: Any) -> None:
        self._host = MatchHost(*args)

    async def start(self) -> HostStep:
        return self._host.start()

    async def submit(self, seat: int, index: int) -> HostStep:
        return self._host.submit(seat, index)

    async def substitute(self, seat: int) -> HostStep:
        return self._host.substitute(seat)

    async def forfeit(self, seat: int) -> HostStep:
        return self._host.forfeit(seat)

    def close(self) -> None:
        pass
