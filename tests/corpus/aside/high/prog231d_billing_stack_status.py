#!/usr/bin/env python3
"""Report the state of the billing stack containers on the ops host.

The billing service, invoice renderer and payment webhook receiver run as
Docker containers on the ops host. This tool talks to the Docker Engine API
over the local socket, lists the containers with the `com.example.stack=billing`
label, and prints (or writes as JSON) their state, restart counts and health,
so the on-call person can see at a glance what is down.

Usage:
    billing_stack_status.py [--json status.json] [--all]
"""

import argparse
import http.client
import json
import logging
import socket
import sys
from urllib.parse import quote

DOCKER_SOCK = "/var/run/docker.sock"
STACK_LABEL = "com.example.stack=billing"
log = logging.getLogger("billing-status")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to a Unix domain socket."""

    def __init__(self, path, timeout=10):
        super().__init__("docker", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class DockerClient:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"docker API {path}: {resp.status} {body[:200]!r}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self, include_stopped):
        filters = quote(json.dumps({"label": [STACK_LABEL]}))
        flag = "1" if include_stopped else "0"
        return self.get(f"/containers/json?all={flag}&filters={filters}")

    def inspect(self, cid):
        return self.get(f"/containers/{cid}/json")


def summarise(client, include_stopped):
    rows = []
    for c in client.containers(include_stopped):
        details = client.inspect(c["Id"])
        state = details.get("State", {})
        health = (state.get("Health") or {}).get("Status", "n/a")
        rows.append({
            "name": c["Names"][0].lstrip("/"),
            "image": c["Image"],
            "state": state.get("Status"),
            "health": health,
            "restarts": details.get("RestartCount", 0),
            "started_at": state.get("StartedAt"),
        })
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description="Billing stack container status")
    ap.add_argument("--json", dest="json_out", help="write status as JSON to this file")
    ap.add_argument("--all", action="store_true", help="include stopped containers")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = DockerClient(args.socket)
    try:
        rows = summarise(client, args.all)
    except (OSError, RuntimeError) as exc:
        log.error("cannot query docker at %s: %s", args.socket, exc)
        return 2

    if not rows:
        log.warning("no containers with label %s", STACK_LABEL)
        return 1

    unhealthy = [r for r in rows if r["state"] != "running" or r["health"] == "unhealthy"]
    for r in rows:
        marker = "!!" if r in unhealthy else "ok"
        print(f"{marker:3} {r['name']:<28} {r['state']:<10} health={r['health']:<10} restarts={r['restarts']}")

    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump(rows, fh, indent=2)
        log.info("wrote %s", args.json_out)

    return 1 if unhealthy else 0


if __name__ == "__main__":
    sys.exit(main())
