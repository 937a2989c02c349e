#!/usr/bin/env python3
"""Health check for the dairy's containerised apps on the office server.

The herd-management web app and the milk-meter collector run in Docker.
This talks to the Docker engine over its unix socket, checks each container
is healthy, and restarts any that are unhealthy or exited.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

LOG = logging.getLogger("container_health")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
WATCHED = ("herdbook-web", "herdbook-db", "meter-collector", "cheese-labels")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class DockerClient:
    def __init__(self, path):
        self.path = path

    def _call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self):
        return self._call("GET", "/v1.43/containers/json?all=1")

    def inspect(self, cid):
        return self._call("GET", f"/v1.43/containers/{cid}/json")

    def restart(self, cid):
        return self._call("POST", f"/v1.43/containers/{cid}/restart?t=15")


def check_once(client, dry_run):
    problems = 0
    by_name = {c["Names"][0].lstrip("/"): c for c in client.containers()}
    for name in WATCHED:
        c = by_name.get(name)
        if c is None:
            LOG.warning("%s: not found", name)
            problems += 1
            continue
        info = client.inspect(c["Id"])
        state = info["State"]
        health = state.get("Health", {}).get("Status", "none")
        if state["Status"] != "running" or health == "unhealthy":
            problems += 1
            LOG.warning("%s: status=%s health=%s", name, state["Status"], health)
            if not dry_run:
                client.restart(c["Id"])
                LOG.info("%s: restarted", name)
        else:
            LOG.info("%s: ok (%s)", name, health)
    return problems


def main():
    parser = argparse.ArgumentParser(description="Restart unhealthy dairy containers")
    parser.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    client = DockerClient(DOCKER_SOCK)
    while True:
        try:
            n = check_once(client, args.dry_run)
        except (OSError, RuntimeError) as exc:
            LOG.error("docker engine unreachable: %s", exc)
            n = -1
        if not args.watch:
            return 0 if n == 0 else 1
        time.sleep(args.watch)


if __name__ == "__main__":
    raise SystemExit(main())
