#!/usr/bin/env python3
"""Clean up exited containers and restart unhealthy ones on a CI host.

Talks to the Docker Engine API directly over its unix socket (no docker
SDK installed on the runners).  Containers carrying the label
`ci.janitor=skip` are never touched.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("janitor")

SOCK_PATH = "/var/run/docker.sock"
API = "/v1.43"
SKIP_LABEL = "ci.janitor"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, API + path,
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self, status=None):
        filters = {"status": [status]} if status else {}
        q = quote(json.dumps(filters))
        return self.call("GET", f"/containers/json?all=1&filters={q}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def remove(self, cid):
        return self.call("DELETE", f"/containers/{cid}?v=1")

    def restart(self, cid, timeout=10):
        return self.call("POST", f"/containers/{cid}/restart?t={timeout}")


def skipped(c):
    return (c.get("Labels") or {}).get(SKIP_LABEL) == "skip"


def prune_exited(engine, older_than, dry):
    now = time.time()
    removed = 0
    for c in engine.containers("exited"):
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        if skipped(c):
            log.debug("skip %s (label)", name)
            continue
        age_h = (now - c.get("Created", now)) / 3600
        if age_h < older_than:
            continue
        log.info("remove %-30s exited, %.1fh old", name, age_h)
        if not dry:
            engine.remove(c["Id"])
        removed += 1
    return removed


def heal_unhealthy(engine, dry):
    restarted = 0
    for c in engine.containers("running"):
        if skipped(c):
            continue
        info = engine.inspect(c["Id"])
        health = (info.get("State") or {}).get("Health") or {}
        if health.get("Status") != "unhealthy":
            continue
        name = info.get("Name", "?").lstrip("/")
        streak = health.get("FailingStreak", 0)
        log.warning("restart %-30s unhealthy (failing streak %d)", name, streak)
        if not dry:
            engine.restart(c["Id"])
        restarted += 1
    return restarted


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default=SOCK_PATH)
    ap.add_argument("--older-than", type=float, default=6.0, help="hours")
    ap.add_argument("--no-heal", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        version = engine.call("GET", "/version")
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable at %s: %s", args.socket, exc)
        return 2
    log.info("engine %s on %s", version.get("Version"), version.get("Os"))

    removed = prune_exited(engine, args.older_than, args.dry_run)
    restarted = 0 if args.no_heal else heal_unhealthy(engine, args.dry_run)
    log.info("done: %d removed, %d restarted%s", removed, restarted,
             " (dry run)" if args.dry_run else "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
