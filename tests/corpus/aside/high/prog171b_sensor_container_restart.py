#!/usr/bin/env python3
"""Restarts the cabin sensor collector containers when they go stale.

The collectors run as containers on the back office box. When a collector
has not written a reading for a while it is restarted through the
local Docker engine.
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

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")
LABEL = "sauna.role=sensor-collector"
READINGS_DIR = Path(os.environ.get("READINGS_DIR", "readings"))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10):
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

    def _call(self, method: str, url: str):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, url)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def collectors(self):
        filt = json.dumps({"label": [LABEL]})
        from urllib.parse import quote
        return self._call("GET", f"/containers/json?filters={quote(filt)}")

    def restart(self, cid: str):
        return self._call("POST", f"/containers/{cid}/restart?t=5")


def last_reading_age(name: str) -> float:
    f = READINGS_DIR / f"{name}.jsonl"
    if not f.exists():
        return float("inf")
    return time.time() - f.stat().st_mtime


ACTIONS = {
    "report": lambda eng, c: log.info("stale: %s", c["Names"][0]),
    "restart": lambda eng, c: eng.restart(c["Id"]),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--max-age", type=int, default=600, help="seconds without readings")
    parser.add_argument("--action", choices=sorted(ACTIONS), default="restart")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        containers = engine.collectors()
    except (OSError, RuntimeError) as exc:
        log.error("engine not reachable: %s", exc)
        return 1

    handled = 0
    for c in containers:
        name = c["Names"][0].lstrip("/")
        age = last_reading_age(name)
        if age <= args.max_age:
            continue
        log.info("%s silent for %.0fs", name, age)
        ACTIONS[args.action](engine, c)
        handled += 1
    log.info("%d of %d collectors handled", handled, len(containers))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
