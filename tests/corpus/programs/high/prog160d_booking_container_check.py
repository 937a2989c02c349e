#!/usr/bin/env python3
"""Check the service-wash booking containers on the branch mini-server.

Talks to the local Docker engine, lists the booking stack containers and
restarts any that report unhealthy or have exited.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
from urllib.parse import quote

LOG = logging.getLogger("container-check")

DOCKER_SOCKET = "/var/run/docker.sock"
STACK_LABEL = "com.sudsco.stack=booking"


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

    def request(self, method, path):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        query = quote(filters)
        return self.request("GET", f"/v1.43/containers/json?all=1&filters={query}")

    def restart(self, container_id):
        self.request("POST", f"/v1.43/containers/{container_id}/restart?t=10")


def needs_restart(container):
    state = container.get("State", "")
    status = container.get("Status", "")
    if state in ("exited", "dead"):
        return True
    return "(unhealthy)" in status


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    parser.add_argument("--label", default=STACK_LABEL)
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    engine = DockerEngine(args.socket)

    try:
        containers = engine.containers(args.label)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach docker engine: %s", exc)
        return 1

    problems = 0
    for c in containers:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        LOG.info("%-30s %-10s %s", name, c.get("State"), c.get("Status"))
        if not needs_restart(c):
            continue
        problems += 1
        if args.report_only:
            continue
        try:
            engine.restart(c["Id"])
            LOG.info("restarted %s", name)
        except (OSError, RuntimeError) as exc:
            LOG.error("restart of %s failed: %s", name, exc)

    LOG.info("%d containers checked, %d needed attention", len(containers), problems)
    return 0 if problems == 0 or not args.report_only else 2


if __name__ == "__main__":
    sys.exit(main())
