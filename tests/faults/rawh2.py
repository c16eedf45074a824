"""HTTP/2 spoken by hand over raw sockets, for the connection attacks of the fault suite:
connections that finish the handshake and then hold no stream (answering SETTINGS and
PING like a live client), half prefaces, and the CONTINUATION flood."""

from __future__ import annotations

import asyncio
import contextlib
import resource
import ssl
import struct
from pathlib import Path

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
SETTINGS, PING, GOAWAY, HEADERS, CONTINUATION = 0x4, 0x6, 0x7, 0x1, 0x9
ACK = 0x1
FRAME_BYTES = 16_384  # the default SETTINGS_MAX_FRAME_SIZE
END_STREAM = 0x1


def frame(kind: int, flags: int, stream: int, payload: bytes = b"") -> bytes:
    return struct.pack(">I", len(payload))[1:] + bytes((kind, flags)) + struct.pack(
        ">I", stream & 0x7FFF_FFFF) + payload


def _hpack_length(value: int) -> bytes:
    """An HPACK string length (7-bit prefix, no Huffman)."""
    if value < 127:
        return bytes((value,))
    out, value = bytearray((127,)), value - 127
    while value >= 128:
        out.append(value % 128 + 128)
        value //= 128
    out.append(value)
    return bytes(out)


def raise_open_files(wanted: int) -> int:
    """Raise this process's soft RLIMIT_NOFILE towards ``wanted`` (up to the hard
    limit); return the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return target
    return soft


class IdleConnection:
    """A client that finishes the HTTP/2 handshake, answers SETTINGS and PING, and
    never opens a stream. ``closed`` is set when the server closes the connection."""

    def __init__(self) -> None:
        self.closed = asyncio.Event()
        self.writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None

    async def open(self, port: int) -> IdleConnection:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.writer.write(PREFACE + frame(SETTINGS, 0, 0))
        self._task = asyncio.create_task(self._answer(reader, self.writer))
        return self

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readexactly(9)
                length = int.from_bytes(head[:3], "big")
                kind, flags = head[3], head[4]
                payload = await reader.readexactly(length)
                if kind == SETTINGS and not flags & ACK:
                    writer.write(frame(SETTINGS, ACK, 0))
                elif kind == PING and not flags & ACK:
                    writer.write(frame(PING, ACK, 0, payload))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.closed.set()
            writer.close()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self.writer is not None:
            self.writer.close()


async def open_idle(port: int, count: int, batch: int = 100) -> list[IdleConnection]:
    """``count`` idle connections, opened ``batch`` at a time (refused ones left out)."""
    opened: list[IdleConnection] = []
    for first in range(0, count, batch):
        tries = [IdleConnection().open(port) for _ in range(min(batch, count - first))]
        for result in await asyncio.gather(*tries, return_exceptions=True):
            if isinstance(result, IdleConnection):
                opened.append(result)
            elif not isinstance(result, OSError):
                raise result
    return opened


async def half_prefaces(port: int, count: int) -> list[asyncio.StreamWriter]:
    """``count`` connections that send the first half of the preface and stop."""
    writers = []
    for _ in range(count):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            continue
        writer.write(PREFACE[:12])
        writers.append(writer)
    return writers


def close_all(writers: list[asyncio.StreamWriter]) -> None:
    for writer in writers:
        writer.close()


async def continuation_flood(
    port: int, connections: int, frames: int, ca: Path | None = None,
) -> int:
    """Open ``connections`` connections at once (TLS trusting ``ca`` if given, ALPN
    h2); on each, send HEADERS without END_HEADERS and then ``frames`` CONTINUATION
    frames of 16 KB, each packed with small literal header fields, never ending the
    header block. No token, no complete request. Returns the bytes sent."""
    field = b"\x00" + _hpack_length(8) + b"x-junk00" + _hpack_length(40) + b"v" * 40
    block = field * (FRAME_BYTES // len(field))
    continuation = frame(CONTINUATION, 0, 1, block)
    # :method POST, :scheme http, :path /: a request that never finishes its headers.
    opening = frame(HEADERS, 0, 1, b"\x83\x86\x84")
    context = None
    if ca is not None:
        context = ssl.create_default_context(cafile=str(ca))
        context.set_alpn_protocols(["h2"])

    async def one() -> int:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port, ssl=context)
        except OSError:
            return 0
        sent = 0
        try:
            writer.write(PREFACE + frame(SETTINGS, 0, 0) + opening)
            for _ in range(frames):
                writer.write(continuation)
                sent += len(continuation)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()
        return sent

    return sum(await asyncio.gather(*(one() for _ in range(connections))))
