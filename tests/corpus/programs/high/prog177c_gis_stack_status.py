#!/usr/bin/env python3
"""Status and restart helper for the office GIS container stack.

Talks to the local Docker daemon over its UNIX socket (no docker CLI on the
GIS box) to report on PostGIS, GeoServer and the tile cache, and restart any
that have exited.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("gis_stack")

DOCKER_SOCK = "/var/run/docker.sock"
STACK = ("hs-postgis", "hs-geoserver", "hs-tilecache")


class DockerSocketConnection(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost", timeout=30)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.sock_path)


def docker(method: str, url: str, body=None):
    conn = DockerSocketConnection(DOCKER_SOCK)
    payload = json.dumps(body) if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, url, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"docker {method} {url}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


def stack_containers():
    containers = docker("GET", "/containers/json?all=1")
    found = {}
    for c in containers:
        for name in c.get("Names", []):
            short = name.lstrip("/")
            if short in STACK:
                found[short] = c
    return found


def report(found) -> None:
    for name in STACK:
        c = found.get(name)
        if c is None:
            print(f"{name:15s} MISSING")
        else:
            print(f"{name:15s} {c['State']:10s} {c['Status']}")


def restart_exited(found, dry_run: bool) -> int:
    restarted = 0
    for name, c in found.items():
        if c["State"] in ("exited", "dead"):
            if dry_run:
                log.info("would restart %s", name)
                continue
            docker("POST", f"/containers/{c['Id']}/restart?t=10")
            log.info("restarted %s", name)
            restarted += 1
    return restarted


def main() -> int:
    parser = argparse.ArgumentParser(description="GIS container stack status")
    parser.add_argument("--restart", action="store_true", help="restart exited containers")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        found = stack_containers()
    except (OSError, RuntimeError) as exc:
        log.error("cannot talk to docker: %s", exc)
        return 1
    report(found)
    if args.restart:
        n = restart_exited(found, args.dry_run)
        log.info("%d container(s) restarted", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
