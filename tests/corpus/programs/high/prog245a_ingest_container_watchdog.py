#!/usr/bin/env python3
"""Watchdog for the GPS ingest containers on the fleet server.

The ingest stack runs a few containers (udp-listener, position-writer,
map-tiles).  When the position writer wedges the dispatch map freezes.
This tool asks the Docker engine for the ingest containers, checks their
health state and restarts those that are unhealthy or exited.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

DOCKER_SOCK = "/var/run/docker.sock"
LABEL = "fleet.role=gps-ingest"

log = logging.getLogger("ingest_watchdog")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str, timeout: float = 10.0):
        super().__init__("docker", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class DockerEngine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def request(self, method: str, path: str):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path} -> {resp.status}: {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def ingest_containers(self):
        filters = urllib.parse.quote(json.dumps({"label": [LABEL]}))
        return self.request("GET", f"/containers/json?all=1&filters={filters}")

    def restart(self, cid: str, wait: int = 10):
        self.request("POST", f"/containers/{cid}/restart?t={wait}")


def needs_restart(container: dict) -> bool:
    state = container.get("State", "")
    status = container.get("Status", "")
    return state in ("exited", "dead") or "(unhealthy)" in status


def sweep(engine: DockerEngine, dry_run: bool) -> int:
    restarted = 0
    for c in engine.ingest_containers():
        name = c.get("Names", ["?"])[0].lstrip("/")
        if not needs_restart(c):
            log.debug("%s ok (%s)", name, c.get("Status"))
            continue
        log.warning("%s needs restart (%s)", name, c.get("Status"))
        if dry_run:
            continue
        try:
            engine.restart(c["Id"])
            restarted += 1
            log.info("%s restarted", name)
        except RuntimeError as exc:
            log.error("restart of %s failed: %s", name, exc)
    return restarted


def main() -> int:
    parser = argparse.ArgumentParser(description="restart unhealthy GPS ingest containers")
    parser.add_argument("--socket", default=DOCKER_SOCK)
    parser.add_argument("--interval", type=int, default=0, help="loop every N seconds (0 = once)")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    engine = DockerEngine(args.socket)
    while True:
        try:
            n = sweep(engine, args.dry_run)
            log.info("sweep done, %d container(s) restarted", n)
        except (OSError, RuntimeError) as exc:
            log.error("sweep failed: %s", exc)
            if not args.interval:
                return 1
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
