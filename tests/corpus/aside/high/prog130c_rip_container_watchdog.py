#!/usr/bin/env python3
"""rip_container_watchdog - keep the containerised RIP workers healthy.

The RIP render workers (one per wide-format printer) run as containers
labelled ``studio.rip.printer=<queue>``.  When a worker wedges on a corrupt
PDF its healthcheck goes unhealthy but the container keeps running, and
the printer sits idle.  This watchdog restarts unhealthy or exited workers
and writes a small JSON report the production board shows.
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
from urllib.parse import quote

log = logging.getLogger("ripwatch")

LABEL = "studio.rip.printer"


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
    def __init__(self, endpoint):
        self.endpoint = endpoint

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.endpoint)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, "/v1.43" + path,
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def workers(self):
        filters = quote(json.dumps({"label": [LABEL]}))
        return self.call("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=20):
        self.call("POST", f"/containers/{cid}/restart?t={grace}")

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def check_once(engine, max_restarts, history):
    report = []
    for c in engine.workers():
        cid = c["Id"][:12]
        queue = c["Labels"].get(LABEL, "?")
        info = engine.inspect(cid)
        state = info["State"]
        health = state.get("Health", {}).get("Status", "none")
        status = state.get("Status")
        action = "ok"
        recent = [t for t in history.get(cid, []) if time.time() - t < 3600]
        if status == "exited" or health == "unhealthy":
            if len(recent) >= max_restarts:
                action = "gave-up"
                log.error("%s (%s) restarted %d times this hour, leaving it",
                          queue, cid, len(recent))
            else:
                try:
                    if status == "exited":
                        engine.start(cid)
                    else:
                        engine.restart(cid)
                    action = "restarted"
                    recent.append(time.time())
                    log.warning("%s (%s) was %s/%s, restarted", queue, cid, status, health)
                except RuntimeError as exc:
                    action = "failed"
                    log.error("restart of %s failed: %s", cid, exc)
        history[cid] = recent
        report.append({"queue": queue, "container": cid, "status": status,
                       "health": health, "action": action})
    return report


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--max-restarts", type=int, default=3)
    ap.add_argument("--report", default="rip_workers.json")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    history = {}
    while True:
        try:
            report = check_once(engine, args.max_restarts, history)
            Path(args.report).write_text(json.dumps(
                {"checked": time.strftime("%Y-%m-%dT%H:%M:%S"), "workers": report}, indent=2))
        except (OSError, RuntimeError, ValueError) as exc:
            log.error("engine check failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
