#!/usr/bin/env python3
"""Tiny terminal dashboard for local containers, no docker SDK required.

Talks to the Docker Engine API directly and can optionally restart containers
whose health check reports "unhealthy".
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"
log = logging.getLogger("healthboard")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks over an AF_UNIX stream socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, endpoint, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, f"/{API_VERSION}{endpoint}",
                         body=json.dumps(body) if body else None,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {endpoint}: {resp.status} {payload[:200]!r}")
            return json.loads(payload) if payload else None
        finally:
            conn.close()

    def containers(self):
        return self.call("GET", "/containers/json?all=1")

    def restart(self, cid):
        return self.call("POST", f"/containers/{cid}/restart?t=10")


def health_of(container):
    status = container.get("Status", "")
    if "(unhealthy)" in status:
        return "unhealthy"
    if "(healthy)" in status:
        return "healthy"
    return container.get("State", "unknown")


def render(rows):
    print(f"{'NAME':<28} {'IMAGE':<34} {'HEALTH':<10} STATUS")
    for c in rows:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        print(f"{name:<28} {c.get('Image', '')[:33]:<34} {health_of(c):<10} {c.get('Status', '')}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--watch", type=int, default=0, help="refresh every N seconds")
    ap.add_argument("--heal", action="store_true", help="restart unhealthy containers")
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    while True:
        try:
            rows = engine.containers()
        except (OSError, RuntimeError) as exc:
            log.error("engine not reachable: %s", exc)
            return 1
        render(rows)
        if args.heal:
            for c in rows:
                if health_of(c) == "unhealthy":
                    log.warning("restarting %s", c["Id"][:12])
                    engine.restart(c["Id"])
        if not args.watch:
            return 0
        time.sleep(args.watch)
        print("\033[2J\033[H", end="")


if __name__ == "__main__":
    sys.exit(main())
