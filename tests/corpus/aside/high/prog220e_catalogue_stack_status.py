#!/usr/bin/env python3
"""Report the state of the catalogue stack's containers.

The ILS, the Z39.50 gateway, the discovery index and the cover-image cache
all run as containers on the catalogue host. This asks the container engine
directly which of them are up, how long they have been running and whether
their health checks pass, and prints a table for the morning check.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

DOCKER_SOCKET = "/var/run/docker.sock"
STACK_LABEL = "org.example.library.stack=catalogue"

log = logging.getLogger("stack-status")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a local unix socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class EngineClient:
    def __init__(self, path):
        self.path = path

    def get(self, url):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request("GET", url)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"{url}: HTTP {resp.status}")
            return json.loads(body)
        finally:
            conn.close()

    def stack_containers(self, label):
        filters = json.dumps({"label": [label]})
        return self.get(f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self.get(f"/containers/{cid}/json")


def summarise(client, container):
    name = container["Names"][0].lstrip("/")
    detail = client.inspect(container["Id"])
    state = detail.get("State", {})
    health = state.get("Health", {}).get("Status", "n/a")
    return {
        "name": name,
        "image": container.get("Image", "?"),
        "status": state.get("Status", "?"),
        "health": health,
        "started": state.get("StartedAt", "?")[:19],
    }


def print_table(rows):
    cols = ["name", "image", "status", "health", "started"]
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in cols}
    print("  ".join(c.upper().ljust(widths[c]) for c in cols))
    for r in rows:
        print("  ".join(str(r[c]).ljust(widths[c]) for c in cols))


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--socket", default=DOCKER_SOCKET)
    p.add_argument("--label", default=STACK_LABEL)
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = EngineClient(args.socket)
    try:
        containers = client.stack_containers(args.label)
    except (OSError, RuntimeError) as exc:
        log.error("cannot query container engine: %s", exc)
        return 2
    if not containers:
        log.warning("no containers labelled %s", args.label)
        return 1

    rows = [summarise(client, c) for c in containers]
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_table(rows)
    unhealthy = [r["name"] for r in rows if r["status"] != "running" or r["health"] == "unhealthy"]
    if unhealthy:
        log.warning("needs attention: %s", ", ".join(unhealthy))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
