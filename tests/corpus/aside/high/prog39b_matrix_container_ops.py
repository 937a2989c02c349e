#!/usr/bin/env python3
"""Matrix ops bot for the staging Docker host.

Commands in the ops room:
    !ps                 list running containers
    !restart <name>     restart a container
    !logs <name> [n]    show the last n log lines
Talks to the Docker Engine API directly over its UNIX socket, so no
docker CLI or SDK is needed on the host.
"""

import argparse
import asyncio
import http.client
import json
import logging
import os
import socket
import sys
from typing import Any, Optional

from nio import AsyncClient, MatrixRoom, RoomMessageText

log = logging.getLogger("container-ops")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30.0):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self) -> None:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def _call(self, method: str, path: str, raw: bool = False) -> Any:
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, f"/{API_VERSION}{path}")
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"docker {method} {path}: {resp.status} {body[:200]!r}")
        if raw:
            return body
        return json.loads(body) if body else None

    def containers(self):
        return self._call("GET", "/containers/json")

    def restart(self, name: str) -> None:
        self._call("POST", f"/containers/{name}/restart?t=10")

    def logs(self, name: str, tail: int) -> str:
        body = self._call("GET", f"/containers/{name}/logs?stdout=1&stderr=1&tail={tail}",
                          raw=True)
        # strip the 8-byte multiplexing headers
        out, i = [], 0
        while i + 8 <= len(body):
            size = int.from_bytes(body[i + 4:i + 8], "big")
            out.append(body[i + 8:i + 8 + size].decode("utf-8", "replace"))
            i += 8 + size
        return "".join(out) or body.decode("utf-8", "replace")


class OpsBot:
    def __init__(self, client: AsyncClient, engine: Engine, room_id: str, admins: set):
        self.client = client
        self.engine = engine
        self.room_id = room_id
        self.admins = admins

    async def say(self, text: str) -> None:
        await self.client.room_send(self.room_id, "m.room.message",
                                    {"msgtype": "m.notice", "body": text})

    def dispatch(self, body: str) -> Optional[str]:
        parts = body.split()
        cmd = parts[0]
        if cmd == "!ps":
            rows = [f"{c['Names'][0].lstrip('/'):30} {c['Image']:40} {c['Status']}"
                    for c in self.engine.containers()]
            return "\n".join(rows) or "no containers"
        if cmd == "!restart" and len(parts) == 2:
            self.engine.restart(parts[1])
            return f"restarted {parts[1]}"
        if cmd == "!logs" and len(parts) in (2, 3):
            tail = int(parts[2]) if len(parts) == 3 else 20
            return self.engine.logs(parts[1], min(tail, 200))[-3500:]
        return None

    async def on_message(self, room: MatrixRoom, event: RoomMessageText) -> None:
        if room.room_id != self.room_id or event.sender == self.client.user_id:
            return
        if not event.body.startswith("!"):
            return
        if event.sender not in self.admins:
            await self.say(f"{event.sender}: not authorised")
            return
        try:
            reply = await asyncio.to_thread(self.dispatch, event.body.strip())
        except (RuntimeError, OSError, ValueError) as exc:
            reply = f"error: {exc}"
        if reply:
            await self.say(reply)


async def amain(args) -> int:
    token = os.environ.get("MATRIX_TOKEN")
    if not token:
        log.error("MATRIX_TOKEN not set")
        return 2
    client = AsyncClient(args.homeserver, args.user)
    client.access_token = token
    client.user_id = args.user
    bot = OpsBot(client, Engine(DOCKER_SOCK), args.room, set(args.admin))
    client.add_event_callback(bot.on_message, RoomMessageText)
    try:
        await client.sync(timeout=0, full_state=True)  # skip history
        await client.sync_forever(timeout=30000)
    finally:
        await client.close()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--homeserver", default=os.environ.get("MATRIX_HS", "https://matrix.example.org"))
    ap.add_argument("--user", default="@opsbot:example.org")
    ap.add_argument("--room", default="!stagingops:example.org")
    ap.add_argument("--admin", action="append", default=[])
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)
    return asyncio.run(amain(args))


if __name__ == "__main__":
    sys.exit(main())
