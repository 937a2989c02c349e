#!/usr/bin/env python3
"""oven_container_status.py - check and revive the telemetry containers.

The store PC runs the oven telemetry stack (collector, buffer, uploader) as
Docker containers. This tool talks to the local Docker Engine API to list
them, reports their health and restarts any that are unhealthy or exited.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

DOCKER_SOCKET = "/var/run/docker.sock"
STACK_LABEL = "com.example.bakery.stack=oven-telemetry"

log = logging.getLogger("oven_container_status")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP connection over the Docker Engine's Unix socket."""

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
                raise RuntimeError(f"{method} {path} -> HTTP {resp.status}: {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def stack_containers(self):
        filters = json.dumps({"label": [STACK_LABEL]})
        from urllib.parse import quote
        return self._request("GET", f"/containers/json?all=1&filters={quote(filters)}")

    def restart(self, container_id):
        return self._request("POST", f"/containers/{container_id}/restart?t=10")


def describe(container):
    name = container.get("Names", ["?"])[0].lstrip("/")
    state = container.get("State", "unknown")
    status = container.get("Status", "")
    return name, state, status


def needs_restart(state, status):
    return state in ("exited", "dead") or "unhealthy" in status


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    parser.add_argument("--no-restart", action="store_true",
                        help="only report, do not restart anything")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    client = DockerClient(args.socket)
    try:
        containers = client.stack_containers()
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach Docker Engine at %s: %s", args.socket, exc)
        return 1

    if not containers:
        log.warning("no oven telemetry containers found")
        return 1

    problems = 0
    for container in containers:
        name, state, status = describe(container)
        log.info("%-24s %-10s %s", name, state, status)
        if not needs_restart(state, status):
            continue
        problems += 1
        if args.no_restart:
            continue
        try:
            client.restart(container["Id"])
            log.info("restarted %s", name)
        except (OSError, RuntimeError) as exc:
            log.error("restart of %s failed: %s", name, exc)
    log.info("%d containers checked, %d needed attention", len(containers), problems)
    return 0 if problems == 0 or not args.no_restart else 2


if __name__ == "__main__":
    sys.exit(main())
