#!/usr/bin/env python3
"""Watchdog for the fleet telemetry collector container on the depot gateway.

The collector container sometimes wedges when a tracker floods it with a
backlog after coming back into coverage.  This checks when the collector last
wrote a reading (heartbeat file on the shared volume) and, if it is stale,
restarts the container through the engine API and records the event in
watchdog.log.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("telemetry-watchdog")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path, api="v1.43"):
        self.sock_path = sock_path
        self.api = api

    def call(self, method, path, body=None):
        conn = EngineConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/{self.api}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def find(self, name):
        flt = json.dumps({"name": [name]})
        items = self.call("GET", f"/containers/json?all=1&filters={flt}")
        return items[0] if items else None

    def restart(self, cid, grace=20):
        self.call("POST", f"/containers/{cid}/restart?t={grace}")


def heartbeat_age(path):
    try:
        return time.time() - Path(path).stat().st_mtime
    except FileNotFoundError:
        return float("inf")


def record(event, **fields):
    with open("watchdog.log", "a") as fh:
        fh.write(json.dumps({"ts": int(time.time()), "event": event, **fields}) + "\n")


def check(engine, name, hb_path, max_age):
    ctr = engine.find(name)
    if ctr is None:
        log.error("no container named %s", name)
        return False
    age = heartbeat_age(hb_path)
    state = ctr.get("State")
    log.debug("%s state=%s heartbeat age=%.0fs", name, state, age)
    if state == "running" and age <= max_age:
        return True
    log.warning("%s looks stuck (state=%s, heartbeat %.0fs old), restarting", name, state, age)
    engine.restart(ctr["Id"])
    record("restart", container=name, state=state, heartbeat_age=round(age))
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--container", default="fleet-collector")
    ap.add_argument("--heartbeat", default="data/collector.heartbeat")
    ap.add_argument("--max-age", type=int, default=600)
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--loop", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    while True:
        try:
            check(engine, args.container, args.heartbeat, args.max_age)
        except (OSError, RuntimeError) as exc:
            log.error("engine call failed: %s", exc)
            if not args.loop:
                return 1
        if not args.loop:
            return 0
        time.sleep(args.loop)


if __name__ == "__main__":
    sys.exit(main())
