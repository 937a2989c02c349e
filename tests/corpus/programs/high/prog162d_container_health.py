#!/usr/bin/env python3
"""Watch the containers on the site edge server and restart unhealthy ones.

The edge server runs the SCADA collector, the historian forwarder and the
alarm relay as containers. Talks to the Docker Engine API directly so the
tool has no extra dependencies on the edge image.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("container_health")

DOCKER_SOCK = "/var/run/docker.sock"
WATCHED_PREFIXES = ("scada-", "historian-", "alarm-")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerClient:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def _request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, path, body=json.dumps(body) if body else None, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError("{} {} -> {}: {}".format(method, path, resp.status, data[:200]))
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self):
        return self._request("GET", "/v1.43/containers/json?all=1")

    def inspect(self, cid):
        return self._request("GET", "/v1.43/containers/{}/json".format(cid))

    def restart(self, cid):
        return self._request("POST", "/v1.43/containers/{}/restart?t=20".format(cid))


def watched(container):
    names = [n.lstrip("/") for n in container.get("Names", [])]
    return any(n.startswith(WATCHED_PREFIXES) for n in names), (names[0] if names else "?")


def check_once(client, dry_run):
    restarted = 0
    for c in client.containers():
        keep, name = watched(c)
        if not keep:
            continue
        state = client.inspect(c["Id"]).get("State", {})
        health = state.get("Health", {}).get("Status", "none")
        if state.get("Running") and health in ("healthy", "none", "starting"):
            LOG.debug("%s ok (%s)", name, health)
            continue
        LOG.warning("%s running=%s health=%s", name, state.get("Running"), health)
        if not dry_run:
            client.restart(c["Id"])
            restarted += 1
    return restarted


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=120)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    client = DockerClient()
    while True:
        try:
            count = check_once(client, args.dry_run)
            if count:
                LOG.info("restarted %d containers", count)
        except (OSError, RuntimeError) as exc:
            LOG.error("docker check failed: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
