#!/usr/bin/env python3
"""Restart unhealthy containers in the booking website stack.

The booking site (web, worker, payments bridge) runs as containers on the
office server. This checks their health through the Docker engine and
restarts any that have gone unhealthy or exited.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

LOG = logging.getLogger("stack-restarter")

ENGINE_SOCKET = "/var/run/docker.sock"
STACK_LABEL = "com.llamatrek.stack=booking"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=10):
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

    def _request(self, method, path):
        conn = EngineConnection(self.socket_path)
        try:
            conn.request(method, path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {body[:200]!r}")
        return json.loads(body) if body else None

    def stack_containers(self, label):
        filters = quote(json.dumps({"label": [label]}))
        return self._request("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, container_id):
        return self._request("GET", f"/containers/{container_id}/json")

    def restart(self, container_id, wait=10):
        self._request("POST", f"/containers/{container_id}/restart?t={wait}")


def health_of(details):
    state = details.get("State", {})
    if not state.get("Running"):
        return "exited"
    health = state.get("Health")
    if health:
        return health.get("Status", "unknown")
    return "running"


def check_stack(engine, label, dry_run):
    restarted = []
    for summary in engine.stack_containers(label):
        cid = summary["Id"][:12]
        name = summary.get("Names", ["?"])[0].lstrip("/")
        status = health_of(engine.inspect(cid))
        LOG.info("%-24s %s", name, status)
        if status in ("unhealthy", "exited"):
            if dry_run:
                LOG.info("would restart %s", name)
            else:
                engine.restart(cid)
                restarted.append(name)
    return restarted


def main():
    parser = argparse.ArgumentParser(description="Booking stack health restarter")
    parser.add_argument("--socket", default=ENGINE_SOCKET)
    parser.add_argument("--label", default=STACK_LABEL)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--watch", type=int, default=0,
                        help="repeat every N seconds instead of a single pass")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    while True:
        try:
            restarted = check_stack(engine, args.label, args.dry_run)
            if restarted:
                LOG.warning("restarted: %s", ", ".join(restarted))
        except (OSError, RuntimeError) as exc:
            LOG.error("engine check failed: %s", exc)
            if not args.watch:
                return 1
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    sys.exit(main())
