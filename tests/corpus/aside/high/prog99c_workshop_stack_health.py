#!/usr/bin/env python3
"""Health check for the workshop back-office stack.

The workshop PC runs the job-card app, its Postgres and the label-print
relay as containers. This check looks at each container's health status and
restart count and kicks any that have been unhealthy for too long, then
writes a one-line status the shop dashboard picks up.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("stack_health")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks over a UNIX domain socket."""

    def __init__(self, sock_path, timeout=10):
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
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, f"/{self.api}{path}",
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self, label):
        flt = json.dumps({"label": [label]})
        return self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=10):
        return self.call("POST", f"/containers/{cid}/restart?t={grace}")


def unhealthy_for(state):
    health = state.get("Health") or {}
    if health.get("Status") != "unhealthy":
        return 0
    logs = health.get("Log") or []
    if not logs:
        return 0
    first_fail = next((e for e in logs if e.get("ExitCode", 0) != 0), logs[0])
    started = datetime.fromisoformat(first_fail["Start"][:26].rstrip("Z") + "+00:00")
    return (datetime.now(timezone.utc) - started).total_seconds()


def check(engine, label, max_unhealthy, act):
    results = []
    for c in engine.containers(label):
        name = c["Names"][0].lstrip("/")
        info = engine.inspect(c["Id"])
        state = info["State"]
        secs = unhealthy_for(state)
        row = {"name": name, "status": state.get("Status"),
               "health": (state.get("Health") or {}).get("Status", "none"),
               "restarts": info.get("RestartCount", 0)}
        if state.get("Status") != "running" or secs > max_unhealthy:
            if act:
                log.warning("restarting %s (status=%s unhealthy %.0fs)", name, row["status"], secs)
                engine.restart(c["Id"])
                row["action"] = "restarted"
            else:
                row["action"] = "would-restart"
        results.append(row)
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=os.environ.get("ENGINE_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--label", default="com.spokeworks.stack=workshop")
    ap.add_argument("--max-unhealthy", type=int, default=180, help="seconds")
    ap.add_argument("--report-only", action="store_true")
    ap.add_argument("--status-file", default="stack_status.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        rows = check(engine, args.label, args.max_unhealthy, act=not args.report_only)
    except (OSError, RuntimeError) as exc:
        log.error("engine not reachable: %s", exc)
        return 2
    Path(args.status_file).write_text(json.dumps({"checked": time.time(), "containers": rows}))
    bad = [r["name"] for r in rows if r.get("action")]
    log.info("%d containers, %d acted on %s", len(rows), len(bad), bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
