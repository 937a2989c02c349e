#!/usr/bin/env python3
"""efiling_container_status.py

Status board for the e-filing stack (intake API, PDF stamper, queue
worker, search indexer) running in containers on the application host.
Talks to the local Docker Engine API over its Unix socket and prints a
table of the court's containers with state, health and restart count.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

DOCKER_SOCKET = "/var/run/docker.sock"
STACK_LABEL = "court.stack=efiling"
LOG = logging.getLogger("efiling_status")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that connects to a Unix domain socket."""

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

    def get(self, path):
        conn = UnixHTTPConnection(self.socket_path, self.timeout)
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"docker API {path} returned {resp.status}: {body[:200]!r}")
            return json.loads(body)
        finally:
            conn.close()

    def stack_containers(self, label):
        filters = json.dumps({"label": [label]})
        from urllib.parse import quote
        return self.get(f"/containers/json?all=1&filters={quote(filters)}")

    def inspect(self, container_id):
        return self.get(f"/containers/{container_id}/json")


def summarize(client, label):
    rows = []
    for item in client.stack_containers(label):
        details = client.inspect(item["Id"])
        state = details.get("State", {})
        rows.append({
            "name": item["Names"][0].lstrip("/"),
            "image": item.get("Image", "?"),
            "state": state.get("Status", "?"),
            "health": state.get("Health", {}).get("Status", "n/a"),
            "restarts": details.get("RestartCount", 0),
        })
    return sorted(rows, key=lambda r: r["name"])


def print_table(rows):
    headers = ("name", "image", "state", "health", "restarts")
    widths = {h: max(len(h), *(len(str(r[h])) for r in rows)) for h in headers}
    print("  ".join(h.upper().ljust(widths[h]) for h in headers))
    for row in rows:
        print("  ".join(str(row[h]).ljust(widths[h]) for h in headers))


def parse_args(argv):
    parser = argparse.ArgumentParser(description="show e-filing container status")
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    parser.add_argument("--label", default=STACK_LABEL)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    client = DockerClient(args.socket, args.timeout)
    try:
        rows = summarize(client, args.label)
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("cannot query docker at %s: %s", args.socket, exc)
        return 1
    if not rows:
        LOG.warning("no containers with label %s", args.label)
        return 1
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_table(rows)
    unhealthy = [r["name"] for r in rows if r["state"] != "running" or r["health"] == "unhealthy"]
    if unhealthy:
        LOG.warning("attention needed: %s", ", ".join(unhealthy))
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
