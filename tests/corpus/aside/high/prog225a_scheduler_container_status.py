#!/usr/bin/env python3
"""scheduler_container_status.py - status of the rehearsal scheduler containers.

The rehearsal scheduling web app (front end, API and its database) runs as
Docker containers on the office server. Staff without Docker experience
use this to see at a glance whether the scheduler is up, how long each
container has been running, and to fetch the last log lines of one that
has stopped, without installing the docker CLI.

Usage:
    scheduler_container_status.py [--prefix scheduler] [--logs NAME] [--json]
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time

DOCKER_SOCKET = "/var/run/docker.sock"

log = logging.getLogger("scheduler_status")


class DockerSocketConnection(http.client.HTTPConnection):
    """HTTP connection over the Docker engine's UNIX socket."""

    def __init__(self, path=DOCKER_SOCKET, timeout=10):
        super().__init__("docker", timeout=timeout)  # Host header only; traffic goes over the socket
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


def docker_get(path):
    conn = DockerSocketConnection()
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        body = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"docker API {path} -> {resp.status}: {body[:200]!r}")
        return body
    finally:
        conn.close()


def list_containers(prefix):
    data = json.loads(docker_get("/containers/json?all=1"))
    rows = []
    for c in data:
        name = c.get("Names", ["/?"])[0].lstrip("/")
        if not name.startswith(prefix):
            continue
        rows.append({
            "name": name,
            "image": c.get("Image"),
            "state": c.get("State"),
            "status": c.get("Status"),
            "created": time.strftime("%Y-%m-%d %H:%M", time.localtime(c.get("Created", 0))),
        })
    return sorted(rows, key=lambda r: r["name"])


def tail_logs(name, lines=30):
    raw = docker_get(f"/containers/{name}/logs?stdout=1&stderr=1&tail={lines}")
    out = []
    i = 0
    # Docker multiplexes stdout/stderr with an 8-byte frame header.
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out.append(raw[i + 8:i + 8 + size].decode("utf-8", "replace").rstrip())
        i += 8 + size
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prefix", default="scheduler")
    parser.add_argument("--logs", metavar="NAME", help="show the last log lines of a container")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        if args.logs:
            for line in tail_logs(args.logs):
                print(line)
            return 0
        rows = list_containers(args.prefix)
    except (OSError, RuntimeError) as exc:
        log.error("cannot talk to Docker at %s: %s", DOCKER_SOCKET, exc)
        return 2

    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            print(f"{r['name']:<28} {r['state']:<10} {r['status']:<24} {r['image']}")
    down = [r["name"] for r in rows if r["state"] != "running"]
    if down:
        log.warning("not running: %s", ", ".join(down))
        return 1
    log.info("all %d scheduler container(s) running", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
