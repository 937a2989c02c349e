#!/usr/bin/env python3
"""Restart unhealthy containers and prune long-exited ones.

Talks to the Docker Engine API over its unix socket. API operations are
kept in a table of (verb, path template) so the janitor can be pointed at
a different API version without touching the logic.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from datetime import datetime, timezone

log = logging.getLogger("janitor")

DOCKER_SOCK = "/var/run/docker.sock"
API_VERSION = "v1.43"

OPS = {
    "list": ("GET", "/containers/json?all=1"),
    "inspect": ("GET", "/containers/{id}/json"),
    "restart": ("POST", "/containers/{id}/restart?t=10"),
    "remove": ("DELETE", "/containers/{id}?v=1"),
}


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
    def __init__(self, sock_path=DOCKER_SOCK, version=API_VERSION):
        self.sock_path = sock_path
        self.version = version

    def op(self, name, **params):
        verb, template = OPS[name]
        path = "/" + self.version + template.format(**params)
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(verb, path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (verb, path, resp.status, body[:200]))
        return json.loads(body) if body else None


def parse_ts(value):
    value = value.split(".")[0].rstrip("Z")
    return datetime.strptime(value, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)


def sweep(engine, max_exited_hours, label, dry_run):
    restarted, removed = [], []
    now = datetime.now(timezone.utc)
    for c in engine.op("list"):
        labels = c.get("Labels") or {}
        if label and labels.get(label) != "true":
            continue
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        state, status = c.get("State"), c.get("Status", "")
        if state == "running" and "(unhealthy)" in status:
            log.info("restarting unhealthy %s", name)
            if not dry_run:
                engine.op("restart", id=c["Id"])
            restarted.append(name)
        elif state == "exited":
            info = engine.op("inspect", id=c["Id"])
            finished = parse_ts(info["State"]["FinishedAt"])
            age_h = (now - finished).total_seconds() / 3600
            if age_h > max_exited_hours:
                log.info("removing %s (exited %.1fh ago)", name, age_h)
                if not dry_run:
                    engine.op("remove", id=c["Id"])
                removed.append(name)
    return restarted, removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--max-exited-hours", type=float, default=48)
    ap.add_argument("--label", default="janitor.enable",
                    help="only touch containers with this label set to true")
    ap.add_argument("--interval", type=int, default=0,
                    help="repeat every N seconds (0 = once)")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    while True:
        try:
            restarted, removed = sweep(engine, args.max_exited_hours,
                                       args.label, args.dry_run)
            log.info("sweep done: %d restarted, %d removed", len(restarted), len(removed))
        except (OSError, RuntimeError, ValueError) as exc:
            log.error("sweep failed: %s", exc)
            if not args.interval:
                return 1
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
