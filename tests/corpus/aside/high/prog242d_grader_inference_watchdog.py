#!/usr/bin/env python3
"""Watchdog for the grading line's defect-inference containers.

The fruit defect classifier runs as Docker containers, one per lane. When a
lane's container wedges, the grader starts passing bruised fruit as class
one. This watchdog talks to the Docker Engine API on the local socket,
checks each lane container's health and restarts the ones that are stuck.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("inference-watchdog")

DOCKER_SOCK = "/var/run/docker.sock"
NAME_PREFIX = "grade-infer-lane"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a Unix domain socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerClient:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _call(self, method, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, body[:200]))
            return json.loads(body) if body else None
        finally:
            conn.close()

    def lane_containers(self, prefix):
        items = self._call("GET", "/containers/json?all=1")
        return [c for c in items
                if any(n.lstrip("/").startswith(prefix) for n in c.get("Names", []))]

    def inspect(self, cid):
        return self._call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, timeout=10):
        self._call("POST", "/containers/%s/restart?t=%d" % (cid, timeout))


def needs_restart(info):
    state = info.get("State", {})
    if not state.get("Running"):
        return "not running"
    health = state.get("Health", {}).get("Status")
    if health == "unhealthy":
        return "unhealthy"
    return None


def sweep(client, prefix, dry_run):
    restarted = 0
    for c in client.lane_containers(prefix):
        name = c["Names"][0].lstrip("/")
        info = client.inspect(c["Id"])
        reason = needs_restart(info)
        if not reason:
            LOG.debug("%s healthy", name)
            continue
        if dry_run:
            LOG.warning("%s is %s (dry run, not restarting)", name, reason)
            continue
        LOG.warning("%s is %s, restarting", name, reason)
        client.restart(c["Id"])
        restarted += 1
    return restarted


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--prefix", default=NAME_PREFIX)
    ap.add_argument("--interval", type=float, default=60.0)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = DockerClient(args.socket)

    while True:
        try:
            n = sweep(client, args.prefix, args.dry_run)
            LOG.info("sweep done, %d container(s) restarted", n)
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.error("sweep failed: %s", exc)
            if args.once:
                return 1
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
