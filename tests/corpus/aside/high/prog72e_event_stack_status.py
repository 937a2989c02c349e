#!/usr/bin/env python3
"""Status board for the containers behind the community events site.

The events site (sign-up forms, the volunteer rota API, the receipt worker and
their Postgres/Redis) runs as a handful of containers on the donated server.
This prints a one-screen status table and, with --heal, restarts any container
in the stack whose health check reports "unhealthy".

    python3 event_stack_status.py [--stack community-events] [--heal]
"""
import argparse
import datetime as dt
import http.client
import json
import logging
import os
import socket
import sys
from urllib.parse import quote

log = logging.getLogger("stack-status")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.41"


class UnixHTTPConnection(http.client.HTTPConnection):
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

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, "/%s%s" % (API_VERSION, path),
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, raw[:200]))
        return json.loads(raw) if raw else None

    def containers(self, stack):
        filt = json.dumps({"label": ["com.docker.compose.project=%s" % stack]})
        return self._call("GET", "/containers/json?all=1&filters=%s" % quote(filt))

    def inspect(self, cid):
        return self._call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, timeout=20):
        return self._call("POST", "/containers/%s/restart?t=%d" % (cid, timeout))


def age(ts):
    try:
        started = dt.datetime.fromisoformat(ts.split(".")[0].rstrip("Z"))
    except ValueError:
        return "?"
    delta = dt.datetime.utcnow() - started
    if delta.days:
        return "%dd" % delta.days
    return "%dh%02dm" % (delta.seconds // 3600, delta.seconds % 3600 // 60)


def collect(engine, stack):
    rows = []
    for c in engine.containers(stack):
        detail = engine.inspect(c["Id"])
        state = detail.get("State", {})
        rows.append({
            "id": c["Id"][:12],
            "service": c.get("Labels", {}).get("com.docker.compose.service", c["Names"][0].lstrip("/")),
            "image": c.get("Image", "?").split("@")[0],
            "status": state.get("Status", "?"),
            "health": (state.get("Health") or {}).get("Status", "-"),
            "up": age(state.get("StartedAt", "")) if state.get("Running") else "-",
            "restarts": detail.get("RestartCount", 0),
        })
    return sorted(rows, key=lambda r: r["service"])


def print_table(rows):
    cols = ["service", "status", "health", "up", "restarts", "image"]
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) if rows else len(c) for c in cols}
    print("  ".join(c.upper().ljust(widths[c]) for c in cols))
    for r in rows:
        print("  ".join(str(r[c]).ljust(widths[c]) for c in cols))


def main():
    ap = argparse.ArgumentParser(description="community events stack status")
    ap.add_argument("--stack", default="community-events")
    ap.add_argument("--heal", action="store_true", help="restart unhealthy containers")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        rows = collect(engine, args.stack)
    except (OSError, RuntimeError) as exc:
        log.error("cannot talk to the container engine at %s: %s", ENGINE_SOCK, exc)
        return 2

    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_table(rows)

    bad = [r for r in rows if r["health"] == "unhealthy" or r["status"] in ("exited", "dead")]
    if bad and args.heal:
        for r in bad:
            log.info("restarting %s (%s)", r["service"], r["id"])
            try:
                engine.restart(r["id"])
            except RuntimeError as exc:
                log.error("restart of %s failed: %s", r["service"], exc)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
