#!/usr/bin/env python3
"""Start the instrument bridge container on an acquisition server.

The bridge talks to the balances and pH meters over USB serial, so it is
started as a privileged container with the serial devices passed through.
The Docker Engine API is used directly over the local socket; a small shell
helper performs the post-start health check.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile

LOG = logging.getLogger("bridge_container")

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.example.com/lab/instrument-bridge:2.4"

HEALTH_HELPER = """#!/bin/bash
set -euo pipefail
curl -s --unix-socket "$DOCKER_SOCK" "http://localhost/containers/$BRIDGE_NAME/json" \\
  | python3 -c 'import json,sys; s=json.load(sys.stdin)["State"]; print(s["Status"]); sys.exit(0 if s["Running"] else 1)'
"""


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class DockerAPI:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def remove_if_exists(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            LOG.info("removed old container %s", name)
        except RuntimeError:
            pass

    def create(self, name, image, devices):
        spec = {
            "Image": image,
            "Env": ["BRIDGE_LOG_LEVEL=info", "LIMS_URL=https://lims.example.com"],
            "HostConfig": {
                "Privileged": True,
                "Devices": [{"PathOnHost": d, "PathInContainer": d,
                             "CgroupPermissions": "rwm"} for d in devices],
                "Binds": ["/srv/instrument-bridge/data:/data"],
            },
        }
        out = self.call("POST", f"/containers/create?name={name}", spec)
        return out["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def serial_devices():
    return sorted(os.path.join("/dev", d) for d in os.listdir("/dev")
                  if d.startswith(("ttyUSB", "ttyACM")))


def health_check(name):
    fd, helper = tempfile.mkstemp(suffix="_bridge_health.sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(HEALTH_HELPER)
    try:
        env = dict(os.environ, DOCKER_SOCK=DOCKER_SOCK, BRIDGE_NAME=name)
        res = subprocess.run(["bash", helper], env=env, capture_output=True,
                             text=True, timeout=30)
        LOG.info("bridge status: %s", res.stdout.strip() or res.stderr.strip())
        return res.returncode == 0
    finally:
        os.unlink(helper)


def main(argv=None):
    parser = argparse.ArgumentParser(description="start instrument bridge container")
    parser.add_argument("--name", default="instrument-bridge")
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--socket", default=DOCKER_SOCK)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    devices = serial_devices()
    if not devices:
        LOG.warning("no USB serial devices found; starting bridge anyway")
    api = DockerAPI(args.socket)
    try:
        api.remove_if_exists(args.name)
        cid = api.create(args.name, args.image, devices)
        api.start(cid)
        LOG.info("started %s (%s) with %d devices", args.name, cid[:12], len(devices))
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("could not start bridge: %s", exc)
        return 1
    return 0 if health_check(args.name) else 1


if __name__ == "__main__":
    sys.exit(main())
