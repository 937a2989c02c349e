#!/usr/bin/env python3
"""Start the cheese-wheel label printing service in a container.

Talks to the local Docker engine directly over its API socket, checks that
the label printer image is loaded and runs it with the USB printer passed in."""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("label_container")

DOCKER_SOCKET = "/var/run/docker.sock"
IMAGE = "registry.fromagerie.example/labels/wheelprint"
TAG = "2.3.1"
CONTAINER_NAME = "wheel-labels"
PRINTER_DEVICE = "/dev/usb/lp0"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=DOCKER_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        encoded = json.dumps(body) if body is not None else None
        conn.request(method, url, body=encoded, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        if resp.status == 404:
            return None
        return json.loads(data) if data and data.lstrip()[:1] in (b"{", b"[") else data

    def has_image(self, image, tag):
        return self.call("GET", f"/images/{image}:{tag}/json") is not None

    def existing(self, name):
        return self.call("GET", f"/containers/{name}/json")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def container_spec(queue_dir, port):
    return {
        "Image": f"{IMAGE}:{TAG}",
        "Env": [f"LABEL_QUEUE=/queue", f"HTTP_PORT={port}"],
        "ExposedPorts": {f"{port}/tcp": {}},
        "HostConfig": {
            "Binds": [f"{queue_dir}:/queue"],
            "Devices": [{"PathOnHost": PRINTER_DEVICE, "PathInContainer": "/dev/usb/lp0",
                         "CgroupPermissions": "rw"}],
            "PortBindings": {f"{port}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
        },
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--queue", default="./label_queue")
    parser.add_argument("--port", type=int, default=8631)
    parser.add_argument("--recreate", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        current = engine.existing(CONTAINER_NAME)
        if current and not args.recreate:
            log.info("container already present (%s)", current["State"]["Status"])
            return
        if current:
            engine.remove(CONTAINER_NAME)
        if not engine.has_image(IMAGE, TAG):
            log.error("image %s:%s not loaded; ask IT to load it first", IMAGE, TAG)
            sys.exit(1)
        created = engine.create(CONTAINER_NAME, container_spec(os.path.abspath(args.queue), args.port))
        engine.start(created["Id"])
        time.sleep(2)
        state = engine.existing(CONTAINER_NAME)["State"]["Status"]
        log.info("label service %s: %s", CONTAINER_NAME, state)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
