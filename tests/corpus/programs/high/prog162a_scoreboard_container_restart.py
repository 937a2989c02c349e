#!/usr/bin/env python3
"""Restart the scoreboard web container when it stops answering.

The big screen by the staging area shows a page served from a container on
the office box. When the page hangs, this checks the health endpoint and
restarts the container through the Docker Engine API.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time

import requests

LOG = logging.getLogger("scoreboard-watch")

DOCKER_SOCKET = "/var/run/docker.sock"


class DockerSocketConnection(http.client.HTTPConnection):
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

    def _request(self, method, path, body=None):
        conn = DockerSocketConnection(self.socket_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def inspect(self, name):
        return self._request("GET", f"/containers/{name}/json")

    def restart(self, name, timeout=10):
        self._request("POST", f"/containers/{name}/restart?t={timeout}")

    def logs_tail(self, name, lines=20):
        conn = DockerSocketConnection(self.socket_path)
        conn.request("GET", f"/containers/{name}/logs?stdout=1&stderr=1&tail={lines}")
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        return raw.decode(errors="replace")


def page_healthy(url):
    try:
        resp = requests.get(url, timeout=5)
        return resp.status_code == 200
    except requests.RequestException:
        return False


def main():
    parser = argparse.ArgumentParser(description="Watch the scoreboard container")
    parser.add_argument("--container", default="scoreboard-web")
    parser.add_argument("--health-url", default="http://127.0.0.1:8080/health")
    parser.add_argument("--interval", type=int, default=30)
    parser.add_argument("--failures", type=int, default=3)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    docker = DockerClient()

    misses = 0
    while True:
        if page_healthy(args.health_url):
            misses = 0
        else:
            misses += 1
            LOG.warning("health check failed (%d/%d)", misses, args.failures)
        if misses >= args.failures:
            try:
                state = docker.inspect(args.container)["State"]
                LOG.info("container status %s, restarting", state.get("Status"))
                LOG.info("last log lines:\n%s", docker.logs_tail(args.container))
                docker.restart(args.container)
                misses = 0
            except (OSError, RuntimeError) as exc:
                LOG.error("restart failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
