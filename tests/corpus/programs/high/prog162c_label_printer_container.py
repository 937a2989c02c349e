#!/usr/bin/env python3
"""Start the bale label printer service in a container.

The label printer software ships as a container image. This helper talks
to the local Docker engine directly, so it works on the yard PCs where
the docker CLI is not installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("label-printer")

DOCKER_SOCKET = os.environ.get("DOCKER_SOCKET", "/var/run/docker.sock")
IMAGE = os.environ.get("LABEL_IMAGE", "registry.balelabels.example/printer-agent:2.4")
CONTAINER_NAME = "bale-label-printer"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        headers = {"Content-Type": "application/json"}
        encoded = json.dumps(body) if body is not None else None
        conn.request(method, path, body=encoded, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        LOG.debug("%s %s -> %s", method, path, resp.status)
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return resp.status, json.loads(data)
        return resp.status, data

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        return self.request("POST", "/images/create?fromImage={}&tag={}".format(name, tag))

    def remove(self, name):
        return self.request("DELETE", "/containers/{}?force=true".format(name))

    def create(self, name, config):
        return self.request("POST", "/containers/create?name={}".format(name), config)

    def start(self, name):
        return self.request("POST", "/containers/{}/start".format(name))


def container_config(image, printer_dev, queue_dir):
    return {
        "Image": image,
        "Env": ["PRINTER_DEVICE={}".format(printer_dev)],
        "HostConfig": {
            "Privileged": True,
            "Binds": ["{}:/spool".format(queue_dir), "/dev/bus/usb:/dev/bus/usb"],
            "Devices": [{
                "PathOnHost": printer_dev,
                "PathInContainer": printer_dev,
                "CgroupPermissions": "rwm",
            }],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def parse_args():
    parser = argparse.ArgumentParser(description="Run the bale label printer container")
    parser.add_argument("--device", default="/dev/usb/lp0")
    parser.add_argument("--queue", default=os.path.abspath("label-queue"))
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--no-pull", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    engine = DockerEngine(DOCKER_SOCKET)
    os.makedirs(args.queue, exist_ok=True)

    if not args.no_pull:
        status, _ = engine.pull(args.image)
        LOG.info("pull status %s", status)

    engine.remove(CONTAINER_NAME)
    status, body = engine.create(
        CONTAINER_NAME, container_config(args.image, args.device, args.queue)
    )
    if status not in (200, 201):
        LOG.error("create failed: %s %s", status, body)
        return 1
    status, _ = engine.start(CONTAINER_NAME)
    if status not in (204, 304):
        LOG.error("start failed: %s", status)
        return 1
    LOG.info("label printer container running")
    return 0


if __name__ == "__main__":
    sys.exit(main())
