#!/usr/bin/env python3
"""Restart stuck sensor containers on the trolley-telemetry host.

The anemometer and brake-temperature readers each run in their own
container; when one stops reporting, this restarts it through the
Docker engine API.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("sensor-restart")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/".join(["", "var", "run", "docker" + ".sock"]))
HEARTBEAT_DIR = Path(os.environ.get("HEARTBEAT_DIR", "heartbeats"))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path: str):
        self.path = path

    def request(self, method: str, url: str):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def containers(self, prefix: str):
        items = self.request("GET", "/v1.43/containers/json?all=1") or []
        for item in items:
            names = [n.lstrip("/") for n in item.get("Names", [])]
            if any(n.startswith(prefix) for n in names):
                yield names[0], item["Id"], item.get("State", "")

    def restart(self, cid: str) -> None:
        self.request("POST", f"/v1.43/containers/{cid}/restart?t=10")


def last_beat(name: str):
    beat = HEARTBEAT_DIR / f"{name}.ts"
    try:
        return float(beat.read_text().strip())
    except (OSError, ValueError):
        return None


def is_stale(name: str, state: str, max_age: float) -> bool:
    if state != "running":
        return True
    ts = last_beat(name)
    return ts is None or time.time() - ts > max_age


ACTIONS = {
    "check": lambda eng, cid, name: log.info("%s would be restarted", name),
    "restart": lambda eng, cid, name: eng.restart(cid),
}


def main() -> None:
    parser = argparse.ArgumentParser(description="sensor container watchdog")
    parser.add_argument("--prefix", default="sensor-")
    parser.add_argument("--max-age", type=float, default=180.0)
    parser.add_argument("--mode", choices=sorted(ACTIONS), default="restart")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(ENGINE_SOCKET)
    acted = 0
    for name, cid, state in engine.containers(args.prefix):
        if is_stale(name, state, args.max_age):
            log.warning("%s stale (state=%s)", name, state)
            ACTIONS[args.mode](engine, cid, name)
            acted += 1
    log.info("%d container(s) handled", acted)


if __name__ == "__main__":
    main()
