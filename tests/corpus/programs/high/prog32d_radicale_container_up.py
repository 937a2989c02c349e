#!/usr/bin/env python3
"""Spin up a throw-away Radicale CalDAV/CardDAV server for testing sync scripts.

Talks to the Docker Engine API directly over /var/run/docker.sock (no docker
SDK on the CI image), pulls the image if needed, creates a container with
./radicale-data mounted as the collection store, and prints the URL.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

DOCKER_SOCK = "/var/run/docker.sock"
API_VERSION = "v1.43"
log = logging.getLogger("radicale-up")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, params=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path)
        url = f"/{API_VERSION}{path}"
        if params:
            url += "?" + urllib.parse.urlencode(params)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if stream or not data:
            return data
        return json.loads(data)

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
            return
        except RuntimeError:
            pass
        name, _, tag = image.partition(":")
        log.info("pulling %s", image)
        self.call("POST", "/images/create", params={"fromImage": name, "tag": tag or "latest"},
                  stream=True)

    def remove_if_exists(self, name):
        try:
            self.call("DELETE", f"/containers/{name}", params={"force": "true"})
            log.info("removed old container %s", name)
        except RuntimeError:
            pass

    def run(self, name, image, port, data_dir):
        spec = {
            "Image": image,
            "ExposedPorts": {"5232/tcp": {}},
            "Labels": {"purpose": "caldav-sync-tests"},
            "HostConfig": {
                "PortBindings": {"5232/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
                "Binds": [f"{data_dir}:/data:rw"],
                "AutoRemove": True,
            },
        }
        created = self.call("POST", "/containers/create", body=spec, params={"name": name})
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def wait_ready(port, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            time.sleep(0.5)
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--image", default="tomsquest/docker-radicale:3.1.8.0")
    ap.add_argument("--name", default="radicale-test")
    ap.add_argument("--port", type=int, default=5232)
    ap.add_argument("--data", default="radicale-data")
    ap.add_argument("--down", action="store_true", help="stop and remove the container")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    engine = DockerEngine()
    try:
        engine.remove_if_exists(args.name)
        if args.down:
            return 0
        data_dir = os.path.abspath(args.data)
        os.makedirs(data_dir, exist_ok=True)
        engine.ensure_image(args.image)
        cid = engine.run(args.name, args.image, args.port, data_dir)
    except (RuntimeError, OSError) as exc:
        log.error("docker: %s", exc)
        return 1
    if not wait_ready(args.port, 30):
        log.error("radicale did not come up")
        return 1
    log.info("container %s ready: http://127.0.0.1:%d/", cid[:12], args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
