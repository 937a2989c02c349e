#!/usr/bin/env python3
"""Watchdog for the on-site booking stack.

The visitor-centre box runs the booking kiosk, the ticket printer bridge and
the gate scanner relay as containers labelled hawkridge.stack=bookings.
When the Wi-Fi drops during a busy display the printer bridge tends to wedge
and report unhealthy; this checks their health and restarts anything stuck,
keeping a short history in watchdog.jsonl.  Meant to be run every few
minutes by the kiosk's scheduler or by hand from the office.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

LOG = logging.getLogger("stack-watchdog")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path, api="v1.43"):
        self.sock_path = sock_path
        self.api = api

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, f"/{self.api}{path}",
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and resp.getheader("Content-Type", "").startswith("application/json") else data

    def containers(self, label):
        filters = quote(json.dumps({"label": [label]}))
        return self.call("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=10):
        self.call("POST", f"/containers/{cid}/restart?t={grace}")

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def assess(engine, summary):
    cid = summary["Id"][:12]
    name = summary["Names"][0].lstrip("/")
    state = engine.inspect(cid)["State"]
    health = (state.get("Health") or {}).get("Status", "none")
    if not state.get("Running"):
        return name, cid, "stopped", health
    if health == "unhealthy":
        return name, cid, "unhealthy", health
    return name, cid, "ok", health


def record(history, entry):
    with open(history, "a") as fh:
        fh.write(json.dumps(entry) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--label", default="hawkridge.stack=bookings")
    ap.add_argument("--history", default="watchdog.jsonl")
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not Path(args.socket).exists():
        LOG.error("container engine socket %s not found", args.socket)
        return 2
    engine = Engine(args.socket)
    try:
        found = engine.containers(args.label)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot talk to the engine: %s", exc)
        return 2
    if not found:
        LOG.warning("no containers labelled %s", args.label)
        return 1

    problems = 0
    for summary in found:
        name, cid, verdict, health = assess(engine, summary)
        LOG.info("%-22s %s  %-9s health=%s", name, cid, verdict, health)
        if verdict == "ok" or args.check_only:
            problems += verdict != "ok"
            continue
        problems += 1
        try:
            if verdict == "stopped":
                engine.start(cid)
            else:
                engine.restart(cid)
            LOG.info("  %s %s", "started" if verdict == "stopped" else "restarted", name)
        except RuntimeError as exc:
            LOG.error("  could not recover %s: %s", name, exc)
        record(args.history, {"ts": time.time(), "name": name, "was": verdict, "health": health})
    return 1 if problems and args.check_only else 0


if __name__ == "__main__":
    sys.exit(main())
