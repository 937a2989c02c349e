#!/usr/bin/env python3
"""baggage_api_container_check.py - watchdog for the baggage API containers.

The baggage message broker and API (BSM/BPM handling) run as containers on
the BHS application server.  When the healthcheck of one of them goes
unhealthy the API stops answering the sortation controller.  This tool
talks to the Docker engine over its socket, lists the BHS containers and
restarts those that report unhealthy.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

LOG = logging.getLogger("bhs-container-check")

DOCKER_SOCKET = "/var/run/docker.sock"


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
    def __init__(self, socket_path=DOCKER_SOCKET):
        self.socket_path = socket_path

    def request(self, method, path, expect=(200,)):
        conn = UnixHTTPConnection(self.socket_path, timeout=60)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {path}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def containers(self, label):
        filters = urllib.parse.quote(json.dumps({"label": [label]}))
        return self.request("GET", f"/containers/json?all=1&filters={filters}")

    def restart(self, container_id, timeout=20):
        self.request("POST", f"/containers/{container_id}/restart?t={timeout}", expect=(204,))


def health_of(container):
    status = container.get("Status", "")
    if "(unhealthy)" in status:
        return "unhealthy"
    if container.get("State") != "running":
        return container.get("State", "unknown")
    return "healthy"


def check(client, label, restart, max_restarts):
    restarted = 0
    for c in client.containers(label):
        name = c.get("Names", ["?"])[0].lstrip("/")
        state = health_of(c)
        LOG.info("%-28s %s", name, state)
        if state == "healthy" or not restart:
            continue
        if restarted >= max_restarts:
            LOG.warning("restart budget used up, leaving %s", name)
            continue
        LOG.warning("restarting %s", name)
        client.restart(c["Id"])
        restarted += 1
    return restarted


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Check and restart BHS containers")
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    parser.add_argument("--label", default="bhs.service")
    parser.add_argument("--no-restart", action="store_true")
    parser.add_argument("--max-restarts", type=int, default=2)
    parser.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = DockerClient(args.socket)
    while True:
        try:
            n = check(client, args.label, not args.no_restart, args.max_restarts)
            LOG.info("check done, %d container(s) restarted", n)
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.error("docker check failed: %s", exc)
            if not args.watch:
                return 1
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    sys.exit(main())
