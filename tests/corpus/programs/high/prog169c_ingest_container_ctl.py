#!/usr/bin/env python3
"""Restart unhealthy ANPR ingest containers on the edge box.

Talks to the local Docker engine API over its unix socket, so it works on the
stripped-down edge image that has no docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from dataclasses import dataclass
from urllib.parse import quote

log = logging.getLogger("ingest.ctl")

DEFAULT_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/" + "docker" + ".sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


@dataclass
class Engine:
    sock_path: str
    api: str = "v1.43"

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, f"/{self.api}{path}", body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self, label):
        filters = quote(json.dumps({"label": [label]}))
        return self.call("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=10):
        return self.call("POST", f"/containers/{cid}/restart?t={grace}")


def health_of(info):
    state = info.get("State", {})
    health = state.get("Health", {}).get("Status")
    return health or state.get("Status", "unknown")


VERDICTS = {
    "healthy": "keep",
    "running": "keep",
    "starting": "wait",
    "unhealthy": "restart",
    "exited": "restart",
    "dead": "restart",
}


def sweep(engine, label, dry_run):
    restarted = 0
    for summary in engine.containers(label):
        cid = summary["Id"][:12]
        name = summary.get("Names", ["?"])[0].lstrip("/")
        info = engine.inspect(cid)
        status = health_of(info)
        verdict = VERDICTS.get(status, "wait")
        log.info("%s (%s): %s -> %s", name, cid, status, verdict)
        if verdict == "restart":
            if dry_run:
                log.info("dry run: would restart %s", name)
            else:
                getattr(engine, "restart")(cid)
                restarted += 1
    return restarted


def main():
    ap = argparse.ArgumentParser(description="Restart unhealthy ANPR ingest containers")
    ap.add_argument("--socket", default=DEFAULT_SOCK)
    ap.add_argument("--label", default="com.parkops.role=anpr-ingest")
    ap.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    while True:
        try:
            n = sweep(engine, args.label, args.dry_run)
            log.info("sweep done, %d restarted", n)
        except (OSError, RuntimeError) as exc:
            log.error("engine error: %s", exc)
        if not args.watch:
            break
        time.sleep(args.watch)


if __name__ == "__main__":
    main()
