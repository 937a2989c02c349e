#!/usr/bin/env python3
"""Start a local Verdaccio npm registry for offline package testing.

Talks to the Docker Engine API directly over its UNIX socket (no docker CLI
or SDK needed on CI images), creates/starts the registry container with its
storage in ./verdaccio-storage and points the project's .npmrc at it.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("local-registry")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = "verdaccio/verdaccio:5"
NAME = "local-npm-registry"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data.strip() else None)

    def ensure_image(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def container_state(self, name):
        status, info = self.call("GET", f"/containers/{name}/json")
        return None if status == 404 else info["State"]["Status"]


def create_spec(storage, port):
    return {
        "Image": IMAGE,
        "ExposedPorts": {"4873/tcp": {}},
        "HostConfig": {
            "Binds": [f"{storage}:/verdaccio/storage"],
            "PortBindings": {"4873/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "no"},
        },
        "Labels": {"purpose": "offline-npm-tests"},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=4873)
    ap.add_argument("--storage", type=Path, default=Path("verdaccio-storage"))
    ap.add_argument("--no-npmrc", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine(DOCKER_SOCK)
    storage = args.storage.resolve()
    storage.mkdir(exist_ok=True)
    try:
        state = engine.container_state(NAME)
        if state is None:
            log.info("pulling %s", IMAGE)
            engine.ensure_image(IMAGE)
            engine.call("POST", f"/containers/create?name={NAME}", create_spec(storage, args.port))
            state = "created"
        if state != "running":
            engine.call("POST", f"/containers/{NAME}/start")
            time.sleep(2)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1
    log.info("registry %s running on http://127.0.0.1:%d/", NAME, args.port)
    if not args.no_npmrc:
        Path(".npmrc").write_text(f"registry=http://127.0.0.1:{args.port}/\n")
        log.info("project .npmrc now points at the local registry")
    return 0


if __name__ == "__main__":
    sys.exit(main())
