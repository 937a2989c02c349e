#!/usr/bin/env python3
"""Restart containers that docker marks unhealthy.

Subscribes to the Engine event stream over the local API socket with plain
asyncio streams (no docker SDK) and schedules a restart callback, debounced
per container.
"""
import argparse
import asyncio
import json
import logging
import time
import urllib.parse

log = logging.getLogger("healer")
SOCKET = "/var/run/docker.sock"


async def api_request(method: str, path: str, body: bytes = b"") -> tuple:
    reader, writer = await asyncio.open_unix_connection(SOCKET)
    head = (f"{method} {path} HTTP/1.1\r\nHost: docker\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n")
    writer.write(head.encode() + body)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    status = int(raw.split(b" ", 2)[1])
    return status, raw.split(b"\r\n\r\n", 1)[-1]


async def restart(cid: str, name: str, timeout: int) -> None:
    status, _ = await api_request("POST", f"/v1.43/containers/{cid}/restart?t={timeout}")
    if status == 204:
        log.warning("restarted %s (%s)", name, cid[:12])
    else:
        log.error("restart of %s returned HTTP %d", name, status)


class Healer:
    def __init__(self, cooldown: float, label: str, timeout: int):
        self.cooldown = cooldown
        self.label = label
        self.timeout = timeout
        self.last: dict = {}

    def on_event(self, event: dict) -> None:
        if event.get("status", "") != "health_status: unhealthy":
            return
        attrs = event.get("Actor", {}).get("Attributes", {})
        if self.label and attrs.get(self.label) != "true":
            return
        cid = event["id"]
        now = time.monotonic()
        if now - self.last.get(cid, 0) < self.cooldown:
            log.info("cooldown active for %s", attrs.get("name", cid[:12]))
            return
        self.last[cid] = now
        loop = asyncio.get_running_loop()
        loop.call_later(2.0, lambda: asyncio.ensure_future(
            restart(cid, attrs.get("name", cid[:12]), self.timeout)))

    async def watch(self) -> None:
        filters = urllib.parse.quote(json.dumps({"type": ["container"], "event": ["health_status"]}))
        reader, writer = await asyncio.open_unix_connection(SOCKET)
        writer.write(f"GET /v1.43/events?filters={filters} HTTP/1.1\r\nHost: docker\r\n\r\n".encode())
        await writer.drain()
        while (await reader.readline()) not in (b"\r\n", b""):
            pass  # skip response headers
        while True:
            line = await reader.readline()
            if not line:
                break
            line = line.strip()
            if line.startswith(b"{"):
                self.on_event(json.loads(line))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cooldown", type=float, default=300)
    ap.add_argument("--label", default="autoheal", help="only heal containers with label=true")
    ap.add_argument("--stop-timeout", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        asyncio.run(Healer(args.cooldown, args.label, args.stop_timeout).watch())
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
