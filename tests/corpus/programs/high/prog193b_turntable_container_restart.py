#!/usr/bin/env python3
"""Restart the turntable SCADA container when its heartbeat stalls.

The shed turntable controller UI runs in a container on the yard box.
This watchdog talks to the local container engine directly and restarts
the container if the heartbeat file goes stale.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("tt-watchdog")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    sock_parts = ("/var", "/run", "/dock", "er.sock")

    def __init__(self, path=None):
        super().__init__("localhost", timeout=20)
        self.sock_path = path or "".join(self.sock_parts)

    def connect(self):
        family = getattr(socket, "AF_" + "UNIX")
        s = socket.socket(family, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


def engine_call(method: str, path: str, body=None):
    conn = EngineConnection(os.environ.get("ENGINE_SOCK"))
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, (json.loads(data) if data.strip().startswith(b"{") or data.strip().startswith(b"[") else data)


ROUTES = {
    "inspect": lambda name: engine_call("GET", f"/containers/{name}/json"),
    "restart": lambda name: engine_call("POST", f"/containers/{name}/restart?t=10"),
    "logs": lambda name: engine_call("GET", f"/containers/{name}/logs?stdout=1&stderr=1&tail=50"),
}


def stale(heartbeat: Path, max_age: float) -> bool:
    try:
        return time.time() - heartbeat.stat().st_mtime > max_age
    except FileNotFoundError:
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default=os.environ.get("TT_CONTAINER", "turntable-scada"))
    ap.add_argument("--heartbeat", type=Path, default=Path("turntable.heartbeat"))
    ap.add_argument("--max-age", type=float, default=90.0)
    ap.add_argument("--poll", type=float, default=30.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    while True:
        status, info = ROUTES["inspect"](args.name)
        running = isinstance(info, dict) and info.get("State", {}).get("Running")
        if status != 200:
            log.warning("engine said %s for %s", status, args.name)
        elif not running or stale(args.heartbeat, args.max_age):
            log.warning("turntable container unhealthy, restarting")
            code, _ = ROUTES["restart"](args.name)
            log.info("restart returned %s", code)
            _, tail = ROUTES["logs"](args.name)
            Path("turntable_last_restart.log").write_bytes(tail if isinstance(tail, bytes) else b"")
        if args.once:
            break
        time.sleep(args.poll)


if __name__ == "__main__":
    main()
