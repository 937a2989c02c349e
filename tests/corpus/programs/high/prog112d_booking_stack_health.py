#!/usr/bin/env python3
"""Health report for the hire-base booking stack.

The booking desk server runs the boat-hire booking app, its Postgres and the
lock-passage sync worker as containers.  This script asks the local container
engine for their state, prints a table for the morning check-list and, with
--heal (on by default in the morning cron profile), restarts any container
in the stack that reports unhealthy or has exited.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from urllib.parse import quote

log = logging.getLogger("stack-health")

STACK_LABEL = "com.canalhire.stack=booking"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class EngineClient:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _call(self, method, path, expect=(200,)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, path, headers={"Host": "localhost"})
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {path} -> {resp.status}: {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self, label):
        filters = quote(json.dumps({"label": [label]}))
        return self._call("GET", f"/v1.43/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self._call("GET", f"/v1.43/containers/{cid}/json")

    def restart(self, cid, timeout=20):
        self._call("POST", f"/v1.43/containers/{cid}/restart?t={timeout}", expect=(204,))


def summarise(client, label):
    rows = []
    for c in client.containers(label):
        detail = client.inspect(c["Id"])
        state = detail["State"]
        health = state.get("Health", {}).get("Status", "n/a")
        rows.append({
            "id": c["Id"][:12],
            "name": c["Names"][0].lstrip("/"),
            "status": state["Status"],
            "health": health,
            "restarts": detail.get("RestartCount", 0),
        })
    return rows


def needs_restart(row):
    return row["status"] in ("exited", "dead") or row["health"] == "unhealthy"


def print_table(rows):
    print(f"{'NAME':28} {'STATUS':10} {'HEALTH':10} RESTARTS")
    for r in rows:
        print(f"{r['name']:28} {r['status']:10} {r['health']:10} {r['restarts']}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="booking stack health report")
    ap.add_argument("--socket", default=os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock"))
    ap.add_argument("--label", default=STACK_LABEL)
    ap.add_argument("--no-heal", dest="heal", action="store_false")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = EngineClient(args.socket)
    try:
        rows = summarise(client, args.label)
    except (OSError, RuntimeError) as exc:
        log.error("cannot talk to container engine at %s: %s", args.socket, exc)
        return 2

    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_table(rows)

    bad = [r for r in rows if needs_restart(r)]
    if not bad:
        log.info("all %d containers look fine", len(rows))
        return 0
    if not args.heal:
        log.warning("%d container(s) need attention", len(bad))
        return 1
    for r in bad:
        try:
            client.restart(r["id"])
            log.info("restarted %s", r["name"])
        except (OSError, RuntimeError) as exc:
            log.error("restart of %s failed: %s", r["name"], exc)
    return 1


if __name__ == "__main__":
    sys.exit(main())
