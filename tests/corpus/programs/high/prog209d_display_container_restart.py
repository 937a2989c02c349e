#!/usr/bin/env python3
"""Restart the departure display container when it stops refreshing.

Talks to the local container engine API, finds the display container and
restarts it if its heartbeat file has gone stale.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("display-watch")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "do" + "cker.sock"]))


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _request(self, method, path):
        conn = UnixConnection(self.sock_path)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
            return resp.status, json.loads(body) if body else None
        finally:
            conn.close()

    def find(self, name):
        status, items = self._request("GET", "/containers/json?all=1")
        for item in items or []:
            if any(n.lstrip("/") == name for n in item.get("Names", [])):
                return item
        return None

    def restart(self, cid):
        status, _ = self._request("POST", f"/containers/{cid}/restart?t=5")
        return status == 204


def heartbeat_age(path):
    try:
        return time.time() - Path(path).stat().st_mtime
    except FileNotFoundError:
        return float("inf")


def main():
    parser = argparse.ArgumentParser(description="Departure display watchdog")
    parser.add_argument("--name", default="departure-display")
    parser.add_argument("--heartbeat", default="./display.heartbeat")
    parser.add_argument("--max-age", type=float, default=120.0)
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    age = heartbeat_age(args.heartbeat)
    if age < args.max_age and not args.force:
        log.info("display healthy (heartbeat %.0fs old)", age)
        return 0

    engine = Engine(ENGINE_SOCK)
    try:
        item = engine.find(args.name)
    except (OSError, ValueError) as exc:
        log.error("engine unreachable: %s", exc)
        return 2
    if item is None:
        log.error("container %s not found", args.name)
        return 1

    log.warning("restarting %s (state=%s, heartbeat %.0fs)", args.name, item.get("State"), age)
    ok = engine.restart(item["Id"])
    log.info("restart %s", "ok" if ok else "failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
