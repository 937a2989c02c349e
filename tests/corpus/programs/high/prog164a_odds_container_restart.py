#!/usr/bin/env python3
"""Restart the odds display containers on the shop server.

Talks to the local Docker engine over its UNIX socket, finds the
containers that drive the in-shop screens and restarts the unhealthy ones.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

DOCKER_SOCK = "/var/run/docker.sock"
DISPLAY_LABEL = "shop.role=odds-display"

log = logging.getLogger("odds_restart")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        encoded = json.dumps(body) if body is not None else None
        conn.request(method, path, body=encoded, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("{} {} -> {} {}".format(method, path, resp.status, data[:200]))
        return json.loads(data) if data else None

    def list_display_containers(self):
        filters = quote(json.dumps({"label": [DISPLAY_LABEL]}))
        return self._call("GET", "/containers/json?all=1&filters=" + filters)

    def inspect(self, cid):
        return self._call("GET", "/containers/{}/json".format(cid))

    def restart(self, cid, wait=10):
        self._call("POST", "/containers/{}/restart?t={}".format(cid, wait))


def health_of(details):
    state = details.get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "unknown")


def main():
    parser = argparse.ArgumentParser(description="Restart unhealthy odds display containers")
    parser.add_argument("--socket", default=DOCKER_SOCK)
    parser.add_argument("--all", action="store_true", help="restart every display container")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--pause", type=float, default=3.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = DockerEngine(args.socket)
    try:
        containers = engine.list_display_containers()
    except (OSError, RuntimeError) as exc:
        log.error("cannot talk to docker: %s", exc)
        return 1

    restarted = 0
    for item in containers:
        cid = item["Id"][:12]
        name = item.get("Names", ["?"])[0].lstrip("/")
        status = health_of(engine.inspect(cid))
        if not args.all and status in ("healthy", "starting"):
            log.info("%s (%s) is %s, leaving it", name, cid, status)
            continue
        if args.dry_run:
            log.info("would restart %s (%s), status %s", name, cid, status)
            continue
        log.info("restarting %s (%s), status %s", name, cid, status)
        engine.restart(cid)
        restarted += 1
        time.sleep(args.pause)

    log.info("%d of %d display containers restarted", restarted, len(containers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
