#!/usr/bin/env python3
"""Watchdog for the ticketing containers on the box-office server.

The box office runs the ticket API, the queue-display feed and the photo
pass uploader as containers.  Docker's health checks flag a container as
unhealthy but nothing restarts it; this watchdog talks to the Docker Engine
API over its local socket and restarts unhealthy park containers.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("container_watchdog")

DOCKER_SOCKET = "/var/run/docker.sock"
LABEL_FILTER = "park.role"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP connection over a Unix domain socket."""

    def __init__(self, socket_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerClient:
    def __init__(self, socket_path=DOCKER_SOCKET):
        self.socket_path = socket_path

    def _request(self, method, path):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def park_containers(self):
        filters = json.dumps({"label": [LABEL_FILTER]})
        return self._request("GET", f"/containers/json?filters={filters}")

    def inspect(self, container_id):
        return self._request("GET", f"/containers/{container_id}/json")

    def restart(self, container_id, timeout=20):
        self._request("POST", f"/containers/{container_id}/restart?t={timeout}")


def health_of(details):
    state = details.get("State", {})
    health = state.get("Health")
    if health is None:
        return "none"
    return health.get("Status", "unknown")


def sweep(client, dry_run):
    restarted = 0
    for summary in client.park_containers():
        cid = summary["Id"][:12]
        name = summary.get("Names", ["?"])[0].lstrip("/")
        status = health_of(client.inspect(cid))
        LOG.debug("%s (%s): %s", name, cid, status)
        if status != "unhealthy":
            continue
        if dry_run:
            LOG.info("would restart unhealthy container %s", name)
            continue
        LOG.warning("restarting unhealthy container %s", name)
        client.restart(cid)
        restarted += 1
    return restarted


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    client = DockerClient(args.socket)
    while True:
        try:
            count = sweep(client, args.dry_run)
            LOG.info("sweep done, %d container(s) restarted", count)
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.error("sweep failed: %s", exc)
            if args.once:
                return 1
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
