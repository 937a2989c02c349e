#!/usr/bin/env python3
"""Status page helper for the depot server containers.

Talks to the local Docker engine to list the booking, tracking and
commentary containers and restarts the ones that have exited.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("container_status")

DOCKER_SOCKET = os.environ.get("DOCKER_SOCKET", "/var/run/docker.sock")
WATCHED_PREFIXES = ("booking-", "tracking-", "commentary-", "kiosk-api")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=json.dumps(body) if body else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self):
        return self.request("GET", "/containers/json?all=1")

    def restart(self, container_id):
        return self.request("POST", f"/containers/{container_id}/restart?t=10")


def watched(container):
    names = [n.lstrip("/") for n in container.get("Names", [])]
    return any(name.startswith(WATCHED_PREFIXES) for name in names)


def describe(container):
    name = container.get("Names", ["?"])[0].lstrip("/")
    return f"{name:30} {container.get('State', '?'):10} {container.get('Status', '')}"


def parse_args():
    parser = argparse.ArgumentParser(description="Depot container status")
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    parser.add_argument("--restart-exited", action="store_true")
    parser.add_argument("--all", action="store_true", help="show unwatched containers too")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    engine = DockerEngine(args.socket)
    try:
        containers = engine.containers()
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach docker engine: %s", exc)
        return 1
    restarted = 0
    for container in containers:
        if not args.all and not watched(container):
            continue
        print(describe(container))
        if args.restart_exited and container.get("State") == "exited" and watched(container):
            try:
                engine.restart(container["Id"])
                restarted += 1
                LOG.info("restarted %s", container["Id"][:12])
            except RuntimeError as exc:
                LOG.error("restart failed: %s", exc)
    if args.restart_exited:
        LOG.info("%d containers restarted", restarted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
