#!/usr/bin/env python3
"""Starts the press-line sensor reader container with access to the USB probes."""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import urllib.parse

LOG = logging.getLogger("press_container")

DOCKER_SOCKET = os.environ.get("DOCKER_SOCKET", "/var/run/docker.sock")
IMAGE = os.environ.get("SENSOR_IMAGE", "registry.cidermill.example/press/sensor-reader:2.3")
CONTAINER_NAME = "press-sensor-reader"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerClient:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        headers = {"Content-Type": "application/json"}
        body_text = json.dumps(body) if body is not None else None
        conn.request(method, path, body=body_text, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        data = json.loads(raw) if raw else {}
        return resp.status, data

    def find_container(self, name):
        filters = urllib.parse.quote(json.dumps({"name": [name]}))
        status, data = self.request("GET", f"/containers/json?all=1&filters={filters}")
        if status != 200:
            return None
        return data[0] if data else None

    def remove(self, container_id):
        self.request("DELETE", f"/containers/{container_id}?force=1")

    def create(self, name, spec):
        return self.request("POST", f"/containers/create?name={name}", spec)

    def start(self, container_id):
        return self.request("POST", f"/containers/{container_id}/start")


def container_spec(args):
    return {
        "Image": IMAGE,
        "Env": [f"PRESS_LINE={args.line}", f"SAMPLE_INTERVAL={args.interval}"],
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/dev:/dev", "/var/lib/press-sensors:/data"],
        },
    }


def main():
    parser = argparse.ArgumentParser(description="Run the press sensor reader container")
    parser.add_argument("--line", default="press-1")
    parser.add_argument("--interval", type=int, default=5)
    parser.add_argument("--replace", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    client = DockerClient(DOCKER_SOCKET)

    existing = client.find_container(CONTAINER_NAME)
    if existing:
        if not args.replace:
            LOG.info("container already exists (%s); use --replace", existing["Id"][:12])
            return 0
        LOG.info("removing old container %s", existing["Id"][:12])
        client.remove(existing["Id"])

    status, created = client.create(CONTAINER_NAME, container_spec(args))
    if status != 201:
        LOG.error("create failed (%s): %s", status, created)
        return 1
    cid = created["Id"]
    status, _ = client.start(cid)
    if status not in (204, 304):
        LOG.error("start failed with status %s", status)
        return 1
    LOG.info("sensor reader running as %s", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
