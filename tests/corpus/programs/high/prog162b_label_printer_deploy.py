#!/usr/bin/env python3
"""Deploy the can and bottle label printing service as a container.

Talks to the local Docker engine directly so the packing-room PC does not
need the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("label-deploy")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("LABEL_IMAGE", "registry.canline.example/labelprint:2.4")
CONTAINER = "labelprint"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


def docker(method, path, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    headers = {"Content-Type": "application/json"}
    raw_body = json.dumps(body).encode() if body is not None else None
    conn.request(method, "/v1.43" + path, body=raw_body, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400 and resp.status != 404:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return resp.status, (json.loads(data) if data.strip().startswith(b"{") or data.strip().startswith(b"[") else data)


def pull(image):
    name, _, tag = image.rpartition(":")
    LOG.info("pulling %s", image)
    docker("POST", f"/images/create?fromImage={name}&tag={tag}")


def remove_existing():
    status, _ = docker("GET", f"/containers/{CONTAINER}/json")
    if status == 404:
        return
    LOG.info("removing old %s container", CONTAINER)
    docker("DELETE", f"/containers/{CONTAINER}?force=true")


def create_and_start(printer_dev, port):
    spec = {
        "Image": IMAGE,
        "Env": [f"PRINTER_DEVICE={printer_dev}", "LABEL_DPI=300"],
        "ExposedPorts": {f"{port}/tcp": {}},
        "HostConfig": {
            "Devices": [{"PathOnHost": printer_dev, "PathInContainer": printer_dev,
                         "CgroupPermissions": "rw"}],
            "PortBindings": {f"{port}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "Binds": [f"{os.path.abspath('labels')}:/srv/labels:ro"],
        },
    }
    status, info = docker("POST", f"/containers/create?name={CONTAINER}", spec)
    LOG.info("created container %s", info.get("Id", "?")[:12] if isinstance(info, dict) else status)
    docker("POST", f"/containers/{CONTAINER}/start")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--printer", default="/dev/usb/lp0")
    parser.add_argument("--port", type=int, default=8631)
    parser.add_argument("--no-pull", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    try:
        if not args.no_pull:
            pull(IMAGE)
        remove_existing()
        create_and_start(args.printer, args.port)
    except (OSError, RuntimeError) as exc:
        LOG.error("deploy failed: %s", exc)
        return 1
    LOG.info("label service listening on 127.0.0.1:%d", args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
