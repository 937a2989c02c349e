#!/usr/bin/env python3
"""Start the parcel-hub tracking service container on the depot server.

Talks straight to the Docker Engine API over /var/run/docker.sock so it works
on the hub boxes where the docker CLI isn't installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("hub-launcher")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("HUB_IMAGE", "registry.example.com/courier/parcel-hub:4.2")
CONTAINER = "parcel-hub"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerAPI:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError("{} {} -> {} {}".format(method, path, resp.status, data[:200]))
        return resp.status, (json.loads(data) if data else None)


def ensure_image(api, image):
    name, _, tag = image.rpartition(":")
    status, _ = api.call("POST", "/images/create?fromImage={}&tag={}".format(name, tag))
    LOG.info("pulled %s (%s)", image, status)


def recreate(api, image, port, data_dir):
    status, _ = api.call("DELETE", "/containers/{}?force=true".format(CONTAINER))
    if status != 404:
        LOG.info("removed old %s", CONTAINER)
    spec = {
        "Image": image,
        "Env": ["HUB_REGION={}".format(os.environ.get("HUB_REGION", "north"))],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": {
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "Binds": ["{}:/data".format(data_dir)],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }
    _, created = api.call("POST", "/containers/create?name={}".format(CONTAINER), spec)
    cid = created["Id"]
    api.call("POST", "/containers/{}/start".format(cid))
    LOG.info("started %s (%s)", CONTAINER, cid[:12])
    return cid


def main():
    parser = argparse.ArgumentParser(description="Launch parcel-hub container")
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--data-dir", default="/srv/parcel-hub/data")
    parser.add_argument("--no-pull", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    api = DockerAPI(DOCKER_SOCK)
    try:
        if not args.no_pull:
            ensure_image(api, args.image)
        recreate(api, args.image, args.port, args.data_dir)
    except (OSError, RuntimeError) as exc:
        LOG.error("launch failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
