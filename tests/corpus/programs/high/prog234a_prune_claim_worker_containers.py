#!/usr/bin/env python3
"""Prune stale claims-worker containers on a docker build/CI host.

The claims intake CI spins up one container per OCR/adjudication test run
and sometimes leaves exited ones behind, which eventually fills the disk.
This talks to the local Docker Engine API and removes exited claims-worker
containers older than a threshold.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

LOG = logging.getLogger("prune_workers")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerClient:
    def __init__(self, socket_path=DOCKER_SOCK, timeout=10):
        self.socket_path = socket_path
        self.timeout = timeout

    def request(self, method, path):
        conn = UnixHTTPConnection(self.socket_path, self.timeout)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def exited_containers(self, label):
        filters = json.dumps({"status": ["exited"], "label": [label]})
        return self.request("GET", f"/containers/json?all=1&filters={quote(filters)}")

    def remove(self, container_id):
        self.request("DELETE", f"/containers/{container_id}?v=1")


def age_hours(container):
    return (time.time() - container.get("Created", time.time())) / 3600.0


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--label", default="com.example.claims.role=worker")
    parser.add_argument("--older-than", type=float, default=12.0, help="hours")
    parser.add_argument("--socket", default=DOCKER_SOCK)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = DockerClient(args.socket)
    try:
        containers = client.exited_containers(args.label)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot query docker engine: %s", exc)
        return 1

    removed = skipped = 0
    for container in containers or []:
        cid = container["Id"][:12]
        name = (container.get("Names") or ["?"])[0].lstrip("/")
        hours = age_hours(container)
        if hours < args.older_than:
            LOG.debug("keeping %s (%s), %.1fh old", name, cid, hours)
            skipped += 1
            continue
        if args.dry_run:
            LOG.info("would remove %s (%s), %.1fh old", name, cid, hours)
            continue
        try:
            client.remove(container["Id"])
            removed += 1
            LOG.info("removed %s (%s), %.1fh old", name, cid, hours)
        except (OSError, RuntimeError) as exc:
            LOG.warning("failed to remove %s: %s", name, exc)
    LOG.info("done: %d removed, %d kept", removed, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
