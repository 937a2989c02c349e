#!/usr/bin/env python3
"""Status of the fridge-monitoring container stack.

The fridge monitoring stack (mqtt broker, collector, alerting, dashboard)
runs as Docker containers on the site server. This tool talks to the
Docker Engine API over its unix socket, lists the stack's containers and
their health, and optionally restarts any that are unhealthy.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("stack_status")

DOCKER_SOCK = "/var/run/docker.sock"
STACK_LABEL = "com.example.stack=fridge-monitor"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that connects to a unix domain socket."""

    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class DockerClient:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def _request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, path, body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        from urllib.parse import quote
        return self._request("GET", f"/containers/json?all=1&filters={quote(filters)}")

    def inspect(self, cid):
        return self._request("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        return self._request("POST", f"/containers/{cid}/restart?t=10")


def describe(client, container):
    cid = container["Id"][:12]
    name = container["Names"][0].lstrip("/")
    state = container.get("State", "unknown")
    health = "n/a"
    try:
        details = client.inspect(cid)
        health = details.get("State", {}).get("Health", {}).get("Status", "n/a")
    except RuntimeError as exc:
        LOG.warning("could not inspect %s: %s", name, exc)
    return {"id": cid, "name": name, "state": state, "health": health,
            "image": container.get("Image", "")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default=DOCKER_SOCK)
    parser.add_argument("--label", default=STACK_LABEL)
    parser.add_argument("--restart-unhealthy", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = DockerClient(args.socket)
    try:
        containers = client.containers(args.label)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach Docker at %s: %s", args.socket, exc)
        return 2

    rows = [describe(client, c) for c in containers]
    if not rows:
        LOG.warning("no containers with label %s", args.label)

    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            print(f"{r['name']:<28} {r['state']:<10} {r['health']:<10} {r['image']}")

    bad = [r for r in rows if r["state"] != "running" or r["health"] == "unhealthy"]
    if bad and args.restart_unhealthy:
        for r in bad:
            LOG.warning("restarting %s (%s/%s)", r["name"], r["state"], r["health"])
            try:
                client.restart(r["id"])
            except RuntimeError as exc:
                LOG.error("restart of %s failed: %s", r["name"], exc)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
