#!/usr/bin/env python3
"""Status board for the workshop's telematics stack containers.

Talks to the local Docker engine to show which of the telematics
ingest containers are running and can restart the ones that are not.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("stack_status")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
STACK_LABEL = os.environ.get("STACK_LABEL", "com.example.fleet.stack=telematics")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerClient:
    def __init__(self, path):
        self.path = path

    def request(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        return self.request("GET", f"/containers/json?all=1&filters={filters}")

    def restart(self, container_id):
        return self.request("POST", f"/containers/{container_id}/restart?t=10")

    def logs_tail(self, container_id, lines=20):
        conn = UnixHTTPConnection(self.path)
        conn.request("GET", f"/containers/{container_id}/logs?stdout=1&stderr=1&tail={lines}")
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        return raw.decode("utf-8", errors="replace")


def print_table(items):
    print(f"{'NAME':<32} {'STATE':<10} STATUS")
    for c in items:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        print(f"{name:<32} {c.get('State', '?'):<10} {c.get('Status', '')}")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Telematics container status")
    parser.add_argument("--socket", default=DOCKER_SOCK)
    parser.add_argument("--label", default=STACK_LABEL)
    parser.add_argument("--restart-stopped", action="store_true")
    parser.add_argument("--logs", metavar="NAME", help="show recent log lines of a container")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    client = DockerClient(args.socket)
    try:
        items = client.containers(args.label)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach docker engine at %s: %s", args.socket, exc)
        return 1

    print_table(items)

    if args.logs:
        for c in items:
            if args.logs in [n.lstrip("/") for n in c.get("Names", [])]:
                print(client.logs_tail(c["Id"]))
                break
        else:
            LOG.warning("no container named %s in the stack", args.logs)

    if args.restart_stopped:
        for c in items:
            if c.get("State") != "running":
                name = (c.get("Names") or ["?"])[0].lstrip("/")
                LOG.info("restarting %s", name)
                client.restart(c["Id"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
