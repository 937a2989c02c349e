#!/usr/bin/env python3
"""Restart the photo-gallery container after new restoration photos land.

The gallery web app runs in a container on the office server. Its
thumbnail cache only rebuilds on start, so after the volunteers upload a
new batch of restoration photos this restarts the container labelled
for the gallery and waits for it to report healthy.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from dataclasses import dataclass
from urllib.parse import quote

log = logging.getLogger("gallery.refresh")

_SOCK_PARTS = ("/var", "/run", "/docker", ".sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


@dataclass
class Engine:
    path: str = os.environ.get("ENGINE_SOCKET", "".join(_SOCK_PARTS))
    api: str = "v1.41"

    def call(self, method, endpoint, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            encoded = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if encoded else {}
            conn.request(method, f"/{self.api}{endpoint}", body=encoded, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {endpoint}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self, label):
        filters = quote(json.dumps({"label": [label]}))
        return self.call("GET", f"/containers/json?all=1&filters={filters}")

    def restart(self, cid, grace=10):
        return self.call("POST", f"/containers/{cid}/restart?t={grace}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")


def wait_healthy(engine: Engine, cid: str, deadline: float) -> str:
    status = "unknown"
    while time.time() < deadline:
        state = engine.inspect(cid).get("State", {})
        status = state.get("Health", {}).get("Status") or state.get("Status", "unknown")
        if status in ("healthy", "running") and state.get("Running"):
            return status
        time.sleep(2)
    return status


OPERATIONS = {
    "list": lambda eng, args: [print(c["Id"][:12], c["Names"][0], c["State"])
                               for c in eng.containers(args.label)],
    "restart": None,
}


def do_restart(engine: Engine, args) -> int:
    found = engine.containers(args.label)
    if not found:
        log.error("no container with label %s", args.label)
        return 1
    rc = 0
    for item in found:
        cid, name = item["Id"], item["Names"][0].lstrip("/")
        log.info("restarting %s", name)
        engine.restart(cid, args.grace)
        status = wait_healthy(engine, cid, time.time() + args.timeout)
        log.info("%s is %s", name, status)
        if status not in ("healthy", "running"):
            rc = 1
    return rc


OPERATIONS["restart"] = do_restart


def main(argv=None):
    parser = argparse.ArgumentParser(description="Refresh the gallery container")
    parser.add_argument("operation", choices=sorted(OPERATIONS), nargs="?", default="restart")
    parser.add_argument("--label", default="mill.role=gallery")
    parser.add_argument("--grace", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=90)
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    engine = Engine()
    try:
        result = OPERATIONS[args.operation](engine, args)
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 1
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
