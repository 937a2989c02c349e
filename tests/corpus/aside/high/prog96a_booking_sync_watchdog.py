#!/usr/bin/env python3
"""Watchdog for the booking-sync container on the venue server.

The booking sync runs in its own container and occasionally wedges when the
booking platform's API times out mid-page. This watchdog reads the sync's
heartbeat file; if it is older than the allowed lag it restarts the container
through the Docker Engine API and records the event.

Usage:
    booking_sync_watchdog.py [--container booking-sync] [--max-lag 900] [--once]
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

log = logging.getLogger("sync_watchdog")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCKET", "/var/run/docker.sock")
API_VERSION = "v1.41"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, socket_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, socket_path=ENGINE_SOCKET):
        self.socket_path = socket_path

    def call(self, method, path, body=None):
        conn = EngineConnection(self.socket_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, f"/{API_VERSION}{path}",
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def inspect(self, name):
        return self.call("GET", f"/containers/{name}/json")

    def restart(self, name, grace=20):
        self.call("POST", f"/containers/{name}/restart?t={grace}")


def heartbeat_age(path):
    try:
        return time.time() - Path(path).stat().st_mtime
    except FileNotFoundError:
        return float("inf")


def check_once(engine, args, events):
    try:
        info = engine.inspect(args.container)
    except (OSError, RuntimeError) as exc:
        log.error("cannot inspect %s: %s", args.container, exc)
        return
    state = info["State"]
    age = heartbeat_age(args.heartbeat)
    log.debug("%s status=%s heartbeat age=%.0fs", args.container, state["Status"], age)

    if state["Status"] != "running" or age > args.max_lag:
        if state.get("Restarting"):
            log.info("%s already restarting", args.container)
            return
        reason = "not running" if state["Status"] != "running" else f"heartbeat {age:.0f}s old"
        log.warning("restarting %s: %s", args.container, reason)
        try:
            engine.restart(args.container)
        except (OSError, RuntimeError) as exc:
            log.error("restart failed: %s", exc)
            return
        with open(events, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"ts": time.time(), "container": args.container, "reason": reason}) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Restart the booking sync when it stalls")
    ap.add_argument("--container", default="booking-sync")
    ap.add_argument("--heartbeat", default="/srv/booking-sync/data/heartbeat")
    ap.add_argument("--max-lag", type=int, default=900)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--events", default="watchdog_events.jsonl")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(ENGINE_SOCKET):
        log.error("engine socket %s not found", ENGINE_SOCKET)
        return 2
    engine = Engine()
    while True:
        check_once(engine, args, args.events)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
