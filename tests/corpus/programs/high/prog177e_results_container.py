#!/usr/bin/env python3
"""Start the show-results web container on the club server.

Talks to the local Docker engine directly so the office laptop does not
need the docker CLI installed. Pulls the results image, recreates the
container and mounts this show's results directory read-only.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from pathlib import Path

LOG = logging.getLogger("results_container")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("RESULTS_IMAGE", "registry.kennelclub.example/show-results:latest")
CONTAINER_NAME = "show-results"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def request(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {raw[:200]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.request("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        self.request("DELETE", f"/containers/{name}?force=true", expect=(204, 404))

    def create(self, name, image, results_dir, port):
        body = {
            "Image": image,
            "Env": [f"SHOW_CODE={os.environ.get('SHOW_CODE', 'unknown')}"],
            "ExposedPorts": {"8080/tcp": {}},
            "HostConfig": {
                "Binds": [f"{results_dir}:/srv/results:ro"],
                "PortBindings": {"8080/tcp": [{"HostPort": str(port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }
        return self.request("POST", f"/containers/create?name={name}", body)

    def start(self, name):
        self.request("POST", f"/containers/{name}/start")

    def status(self, name):
        info = self.request("GET", f"/containers/{name}/json", expect=(200, 404))
        if isinstance(info, dict):
            return info.get("State", {}).get("Status", "unknown")
        return "missing"


def main():
    parser = argparse.ArgumentParser(description="(Re)start the show results container")
    parser.add_argument("results_dir", type=Path)
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--no-pull", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    results_dir = args.results_dir.resolve()
    if not results_dir.is_dir():
        LOG.error("%s is not a directory", results_dir)
        return 1

    engine = DockerEngine(DOCKER_SOCK)
    try:
        if not args.no_pull:
            LOG.info("pulling %s", args.image)
            engine.pull(args.image)
        LOG.info("current status: %s", engine.status(CONTAINER_NAME))
        engine.remove(CONTAINER_NAME)
        created = engine.create(CONTAINER_NAME, args.image, results_dir, args.port)
        LOG.info("created container %s", created.get("Id", "")[:12])
        engine.start(CONTAINER_NAME)
        LOG.info("status now: %s", engine.status(CONTAINER_NAME))
    except (OSError, RuntimeError) as exc:
        LOG.error("docker engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
