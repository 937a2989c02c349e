#!/usr/bin/env python3
"""Report and prune exited containers and dangling images.

The user's laptop ran out of disk space; this talks to the local Docker
Engine API directly (no docker CLI or SDK dependency) and removes exited
containers older than --min-age hours.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"

log = logging.getLogger("prune")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks over an AF_UNIX socket."""

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

    def call(self, method, path, expect=(200,)):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request(method, f"/{API_VERSION}{path}")
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {body[:200]!r}")
        return json.loads(body) if body else None

    def exited_containers(self):
        filters = quote(json.dumps({"status": ["exited", "dead"]}))
        return self.call("GET", f"/containers/json?all=1&size=1&filters={filters}")

    def remove_container(self, cid):
        self.call("DELETE", f"/containers/{cid}?v=1", expect=(204,))

    def prune_dangling_images(self):
        filters = quote(json.dumps({"dangling": ["true"]}))
        return self.call("POST", f"/images/prune?filters={filters}")


def human(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.0f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-age", type=float, default=24.0, help="hours")
    ap.add_argument("--images", action="store_true", help="also prune dangling images")
    ap.add_argument("--yes", action="store_true", help="actually delete")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine()
    try:
        containers = engine.exited_containers()
    except (FileNotFoundError, PermissionError, ConnectionError) as exc:
        log.error("cannot reach Docker engine at %s: %s", ENGINE_SOCKET, exc)
        return 2

    cutoff = time.time() - args.min_age * 3600
    victims = [c for c in containers if c.get("Created", 0) < cutoff]
    reclaim = sum(c.get("SizeRw", 0) or 0 for c in victims)
    for c in victims:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        log.info("%-12s %-30s %s", c["Id"][:12], name, c.get("Status", ""))
    log.info("%d exited container(s), ~%s reclaimable", len(victims), human(reclaim))

    if not args.yes:
        log.info("dry run; pass --yes to remove")
        return 0
    for c in victims:
        try:
            engine.remove_container(c["Id"])
        except RuntimeError as exc:
            log.warning("skip %s: %s", c["Id"][:12], exc)
    if args.images:
        report = engine.prune_dangling_images() or {}
        log.info("images pruned, reclaimed %s", human(report.get("SpaceReclaimed", 0)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
