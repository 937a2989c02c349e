#!/usr/bin/env python3
"""Start the dispensing reports service container on the back-office box.

Talks to the local Docker engine directly so it works on the minimal image
that has no docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("reports-runner")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("REPORTS_IMAGE", "registry.pharmacy.example/reports:stable")
CONTAINER = "dispense-reports"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


def engine(method, path, body=None):
    conn = EngineConnection(ENGINE_SOCKET)
    headers = {"Content-Type": "application/json"}
    encoded = json.dumps(body) if body is not None else None
    conn.request(method, path, body=encoded, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data.strip().startswith((b"{", b"[")) else data


def pull(image):
    name, _, tag = image.rpartition(":")
    LOG.info("pulling %s", image)
    engine("POST", f"/images/create?fromImage={name}&tag={tag}")


def existing(name):
    for c in engine("GET", "/containers/json?all=1"):
        if f"/{name}" in c.get("Names", []):
            return c
    return None


def create(name, image, port, data_dir):
    spec = {
        "Image": image,
        "Env": [f"REPORTS_BRANCH={os.environ.get('BRANCH_ID', '0001')}"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": {
            "Binds": [f"{data_dir}:/data:ro"],
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
        },
    }
    result = engine("POST", f"/containers/create?name={name}", spec)
    return result["Id"]


def start(container_id):
    engine("POST", f"/containers/{container_id}/start")


def wait_running(container_id, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        info = engine("GET", f"/containers/{container_id}/json")
        if info["State"]["Running"]:
            return True
        time.sleep(1)
    return False


def main():
    parser = argparse.ArgumentParser(description="Run the dispensing reports container")
    parser.add_argument("--port", type=int, default=8085)
    parser.add_argument("--data-dir", default="/srv/pmr/reports")
    parser.add_argument("--recreate", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    current = existing(CONTAINER)
    if current and args.recreate:
        LOG.info("removing old container %s", current["Id"][:12])
        engine("DELETE", f"/containers/{current['Id']}?force=1")
        current = None

    if current is None:
        pull(IMAGE)
        cid = create(CONTAINER, IMAGE, args.port, args.data_dir)
    else:
        cid = current["Id"]

    start(cid)
    if wait_running(cid):
        LOG.info("reports service up on http://127.0.0.1:%d", args.port)
        return 0
    LOG.error("container %s did not start", cid[:12])
    return 1


if __name__ == "__main__":
    sys.exit(main())
