#!/usr/bin/env python3
"""Starts the label rendering service container on the packing-room PC."""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("label_container")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("LABEL_IMAGE", "registry.sourdough-co.example/label-render:2.4")
NAME = "label-render"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerAPI:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        data = json.loads(raw) if raw and resp.getheader("Content-Type", "").startswith("application/json") else raw
        return resp.status, data

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        status, _ = self.request("POST", f"/images/create?fromImage={repo}&tag={tag}")
        return status == 200

    def find(self, name):
        status, data = self.request("GET", f"/containers/json?all=1&filters=%7B%22name%22%3A%5B%22{name}%22%5D%7D")
        if status == 200 and data:
            return data[0]
        return None

    def create(self, name, image, port):
        spec = {
            "Image": image,
            "Env": [f"SHOP_CODE={os.environ.get('SHOP_CODE', 'SD-01')}"],
            "ExposedPorts": {"8080/tcp": {}},
            "HostConfig": {
                "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
                "Devices": [{"PathOnHost": "/dev/usb/lp0", "PathInContainer": "/dev/usb/lp0",
                             "CgroupPermissions": "rwm"}],
            },
        }
        status, data = self.request("POST", f"/containers/create?name={name}", spec)
        if status != 201:
            raise RuntimeError(f"create failed: {status} {data}")
        return data["Id"]

    def start(self, container_id):
        status, _ = self.request("POST", f"/containers/{container_id}/start")
        return status in (204, 304)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8085)
    parser.add_argument("--pull", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket not found at %s", DOCKER_SOCK)
        return 1
    api = DockerAPI(DOCKER_SOCK)
    if args.pull and not api.pull(IMAGE):
        log.warning("pull of %s failed, trying local image", IMAGE)

    existing = api.find(NAME)
    if existing:
        container_id = existing["Id"]
        log.info("found %s (%s)", NAME, existing.get("State"))
    else:
        container_id = api.create(NAME, IMAGE, args.port)
        log.info("created %s", container_id[:12])

    if api.start(container_id):
        time.sleep(1)
        log.info("label service on http://127.0.0.1:%d", args.port)
        return 0
    log.error("could not start container")
    return 1


if __name__ == "__main__":
    sys.exit(main())
