"""A bot that floods the gateway with stale replies, in a process of its own so it does
not share a core's interpreter with the bots it disturbs.

``python -m tests.faults.flooder ADDRESS TOKEN STREAMS SECONDS`` opens STREAMS Play
streams with TOKEN; each answers the requests it is owed (it plays its matches) and
between them writes replies to request ids never sent, as fast as gRPC takes them, until
the server ends the stream or SECONDS pass. It prints ``flooding`` once the first
stream is welcomed, then one JSON line: per stream, its status, details, the stale
replies written, the frames read, the UNKNOWN_REQUEST errors among them and the
seconds the stream lasted.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

import grpc
from arena.v1 import arena_pb2

from tests.faults.harness import PLAY, connection, hello, reply

STALE_ID = 1 << 40  # far above any request id a stream reaches


async def flood(address: str, token: str, seconds: float, welcomed: asyncio.Event) -> Any:
    stats: dict[str, Any] = {"stale": 0, "read": 0, "unknown": 0, "seconds": 0.0,
                             "status": None, "details": ""}
    started = time.monotonic()
    async with connection(address) as channel:
        call = channel.stream_stream(PLAY)()
        owed: list[int] = []
        mine = asyncio.Event()  # this stream's Welcome (``welcomed``: any stream's)

        async def read() -> None:
            while (raw := await call.read()) is not grpc.aio.EOF:
                stats["read"] += 1
                response = arena_pb2.PlayResponse.FromString(raw)
                kind = response.WhichOneof("message")
                if kind == "welcome":
                    mine.set()
                    welcomed.set()
                elif kind == "decision_request":
                    owed.append(response.decision_request.request_id)
                elif response.error.code == arena_pb2.ERROR_CODE_UNKNOWN_REQUEST:
                    stats["unknown"] += 1

        async def write() -> None:
            await call.write(hello(token, 0))
            await mine.wait()
            stale = reply(STALE_ID)
            while True:
                while owed:
                    await call.write(reply(owed.pop()))
                await call.write(stale)
                stats["stale"] += 1

        reader, writer = asyncio.create_task(read()), asyncio.create_task(write())
        try:
            async with asyncio.timeout(seconds):
                await reader
        except TimeoutError:
            call.cancel()
        except grpc.aio.AioRpcError:
            pass
        writer.cancel()
        await asyncio.gather(writer, return_exceptions=True)
        stats["seconds"] = time.monotonic() - started
        stats["status"] = (await call.code()).name
        stats["details"] = await call.details()
    return stats


async def main(address: str, token: str, streams: int, seconds: float) -> None:
    welcomed = asyncio.Event()
    tasks = [asyncio.create_task(flood(address, token, seconds, welcomed))
             for _ in range(streams)]
    if tasks:
        await welcomed.wait()
    print("flooding", flush=True)
    print(json.dumps(await asyncio.gather(*tasks)), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])))
