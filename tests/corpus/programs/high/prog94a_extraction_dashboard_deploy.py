#!/usr/bin/env python3
"""Deploy the extraction-room batch dashboard on the honey-house mini PC.

Pulls the dashboard image, replaces any running copy and starts it with the
refractometer and the drum scale passed through, the batch database mounted
from ./data.

Talks to the local Docker Engine API directly (no docker CLI or SDK on the
mini PC image).
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

API_VERSION = "v1.43"
DEFAULT_IMAGE = "ghcr.io/honeypack-coop/batch-dashboard:2.3"
CONTAINER = "batch-dashboard"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, f"/{API_VERSION}{path}",
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        log.info("pulling %s", image)
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true", expect=(204,))
            log.info("removed old %s", name)
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")


def container_spec(image, data_dir, port, devices):
    binds = [f"{data_dir}:/srv/dashboard/data"]
    binds += [f"{d}:{d}" for d in devices]
    return {
        "Image": image,
        "Env": [f"DASH_PORT={port}", "DASH_DB=/srv/dashboard/data/batches.sqlite",
                f"TZ={os.environ.get('TZ', 'Europe/Berlin')}"],
        "ExposedPorts": {f"{port}/tcp": {}},
        "HostConfig": {
            "Binds": binds,
            "PortBindings": {f"{port}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "Privileged": True,
        },
        "Labels": {"org.honeypack.role": "extraction-dashboard"},
    }


def main():
    ap = argparse.ArgumentParser(description="Deploy the batch dashboard container")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--data", default="data")
    ap.add_argument("--port", type=int, default=8085)
    ap.add_argument("--device", action="append", default=[],
                    help="serial device to pass through (repeatable)")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    data_dir = Path(args.data).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    devices = args.device or [d for d in ("/dev/ttyUSB0", "/dev/ttyACM0") if os.path.exists(d)]

    engine = Engine(args.socket)
    try:
        if not args.no_pull:
            engine.pull(args.image)
        engine.remove(CONTAINER)
        cid = engine.create(CONTAINER, container_spec(args.image, data_dir, args.port, devices))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1

    for _ in range(10):
        state = engine.inspect(cid)["State"]
        if state.get("Running"):
            log.info("dashboard up on http://127.0.0.1:%d (container %s)", args.port, cid[:12])
            return 0
        time.sleep(1)
    log.error("container did not stay up: %s", state.get("Error") or state.get("Status"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
