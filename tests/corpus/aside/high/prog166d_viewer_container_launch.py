#!/usr/bin/env python3
"""Launch the image viewer container for the public records terminal.

Talks to the local Docker engine directly so the terminal image does not
need the docker CLI installed.
"""

import argparse
import http.client
import json
import logging
import os
import socket

DOCKER_SOCKET = os.environ.get("DOCKER_SOCKET", "/var/run/docker.sock")
IMAGE = os.environ.get("VIEWER_IMAGE", "registry.countyrecords.example/iiif-viewer:2.4")
CONTAINER_NAME = "records-viewer"

log = logging.getLogger("viewer-launch")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        text = raw.decode() if raw else ""
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = text
        return resp.status, parsed

    def find_container(self, name):
        status, items = self.call("GET", "/containers/json?all=1")
        if status != 200:
            return None
        for item in items:
            if f"/{name}" in item.get("Names", []):
                return item
        return None

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        status, _ = self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
        return status == 200

    def create(self, name, image, scans_dir, port):
        spec = {
            "Image": image,
            "Env": [f"VIEWER_TITLE={os.environ.get('VIEWER_TITLE', 'County Archive')}"],
            "ExposedPorts": {"8080/tcp": {}},
            "HostConfig": {
                "Binds": [f"{scans_dir}:/data/scans:ro"],
                "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1",
                                               "HostPort": str(port)}]},
            },
        }
        status, body = self.call("POST", f"/containers/create?name={name}", spec)
        if status not in (200, 201):
            raise RuntimeError(f"create failed: {status} {body}")
        return body["Id"]

    def start(self, container_id):
        status, _ = self.call("POST", f"/containers/{container_id}/start")
        return status in (204, 304)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scans-dir", default="/srv/archive/scans")
    parser.add_argument("--port", type=int, default=8085)
    parser.add_argument("--pull", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    engine = DockerEngine(DOCKER_SOCKET)

    if args.pull and not engine.pull(IMAGE):
        log.warning("pull of %s failed, using local copy", IMAGE)

    existing = engine.find_container(CONTAINER_NAME)
    if existing:
        cid = existing["Id"]
        log.info("found %s (%s)", CONTAINER_NAME, existing.get("State"))
    else:
        cid = engine.create(CONTAINER_NAME, IMAGE, args.scans_dir, args.port)
        log.info("created %s", cid[:12])

    if engine.start(cid):
        log.info("viewer available on http://127.0.0.1:%d/", args.port)
    else:
        log.error("could not start %s", CONTAINER_NAME)


if __name__ == "__main__":
    main()
