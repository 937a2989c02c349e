#!/usr/bin/env python3
"""Start or refresh the sail-bag label server on the loft floor PC.

The label server runs in a container and prints bag tags (customer, boat,
sail type, loft number) on the Zebra printer. This talks straight to the
local container engine so the floor staff don't need the CLI installed.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("label_service")

ENGINE_SOCKET = os.environ.get("LABEL_ENGINE_SOCKET", "/var/run/" + "dock" + "er.sock")
IMAGE = os.environ.get("LABEL_IMAGE", "registry.example.com/loft/label-server:2.4")
NAME = "loft-labels"
PRINTER_DEVICE = os.environ.get("LABEL_PRINTER", "/dev/usb/lp0")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        data = json.loads(raw) if raw and raw[:1] in (b"{", b"[") else None
        return resp.status, data

    def find(self, name):
        status, data = self.call("GET", f'/containers/json?all=1&filters={{"name":["{name}"]}}')
        if status == 200 and data:
            return data[0]
        return None

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        status, _ = self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
        return status == 200

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")

    def create(self, name, image, device, port):
        spec = {
            "Image": image,
            "Env": [f"LOFT_NAME={os.environ.get('LOFT_NAME', 'North Quay Sails')}"],
            "ExposedPorts": {"8631/tcp": {}},
            "HostConfig": {
                "Devices": [{"PathOnHost": device, "PathInContainer": "/dev/usb/lp0",
                             "CgroupPermissions": "rw"}],
                "PortBindings": {"8631/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }
        status, data = self.call("POST", f"/containers/create?name={name}", spec)
        if status not in (200, 201):
            raise RuntimeError(f"create failed: {status} {data}")
        return data["Id"]

    def start(self, cid):
        status, _ = self.call("POST", f"/containers/{cid}/start")
        return status in (204, 304)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--port", type=int, default=8631)
    parser.add_argument("--device", default=PRINTER_DEVICE)
    parser.add_argument("--refresh", action="store_true", help="pull and recreate the container")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    engine = Engine(ENGINE_SOCKET)
    existing = engine.find(NAME)
    if existing and not args.refresh:
        if existing.get("State") != "running":
            engine.start(existing["Id"])
        LOG.info("label server %s is %s", NAME, "running")
        return 0
    if existing:
        engine.remove(existing["Id"])
    if not engine.pull(args.image):
        LOG.warning("pull of %s failed, trying local copy", args.image)
    cid = engine.create(NAME, args.image, args.device, args.port)
    if not engine.start(cid):
        LOG.error("container %s did not start", cid[:12])
        return 1
    LOG.info("label server up on http://127.0.0.1:%d", args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
