#!/usr/bin/env python3
"""Routing engine container health check.

The collection-route engine (OSRM backend plus the dispatch API) runs as
Docker containers on the planning server. This tool asks the Docker daemon
for the state of those containers and restarts any that are exited or
unhealthy, so the 05:30 route release is not held up by a dead container.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time

DOCKER_SOCKET = "/var/run/docker.sock"
DEFAULT_PREFIXES = ("osrm-", "dispatch-api", "route-planner")

log = logging.getLogger("engine_check")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over the Docker daemon's unix socket."""

    def __init__(self, socket_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerClient:
    def __init__(self, socket_path, timeout):
        self.socket_path = socket_path
        self.timeout = timeout

    def _request(self, method, path):
        conn = UnixHTTPConnection(self.socket_path, self.timeout)
        try:
            conn.request(method, path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
            return resp.status, body
        finally:
            conn.close()

    def containers(self):
        status, body = self._request("GET", "/containers/json?all=1")
        if status != 200:
            raise RuntimeError(f"docker list failed: HTTP {status}")
        return json.loads(body)

    def restart(self, container_id):
        status, _ = self._request("POST", f"/containers/{container_id}/restart?t=20")
        return status == 204


def needs_restart(container):
    state = container.get("State", "")
    status = container.get("Status", "")
    return state in ("exited", "dead") or "unhealthy" in status


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--socket", default=DOCKER_SOCKET)
    p.add_argument("--prefix", action="append", dest="prefixes",
                   help="container name prefix to watch (repeatable)")
    p.add_argument("--no-restart", action="store_true", help="report only")
    p.add_argument("--timeout", type=float, default=30.0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    prefixes = tuple(args.prefixes or DEFAULT_PREFIXES)
    client = DockerClient(args.socket, args.timeout)

    try:
        containers = client.containers()
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("cannot talk to docker at %s: %s", args.socket, exc)
        return 2

    problems = 0
    for c in containers:
        name = c.get("Names", ["?"])[0].lstrip("/")
        if not name.startswith(prefixes):
            continue
        log.info("%-24s %-10s %s", name, c.get("State"), c.get("Status"))
        if not needs_restart(c):
            continue
        problems += 1
        if args.no_restart:
            log.warning("%s needs a restart (report only)", name)
            continue
        log.warning("restarting %s", name)
        if client.restart(c["Id"]):
            time.sleep(5)
            log.info("%s restarted", name)
        else:
            log.error("restart of %s failed", name)

    log.info("%d routing container(s) needed attention", problems)
    return 0 if problems == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
