#!/usr/bin/env python3
"""Launch a throwaway LilyPond render container through the local Docker daemon.

Talks to the Docker Engine API over the unix socket directly so the render
nodes don't need the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

log = logging.getLogger("render-container")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("RENDER_IMAGE", "registry.scorehouse.example/engraving/lilypond:2.24")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerClient:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def create(self, name, config):
        return self.request("POST", f"/containers/create?name={name}", config)["Id"]

    def start(self, cid):
        self.request("POST", f"/containers/{cid}/start")

    def wait(self, cid):
        return self.request("POST", f"/containers/{cid}/wait")

    def logs(self, cid):
        conn = UnixHTTPConnection(self.sock_path)
        conn.request("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
        out = conn.getresponse().read()
        conn.close()
        return out

    def remove(self, cid):
        self.request("DELETE", f"/containers/{cid}?force=1")


def build_config(score_dir, score_file, privileged):
    return {
        "Image": IMAGE,
        "Cmd": ["lilypond", "-o", "/work/out", f"/work/{score_file}"],
        "WorkingDir": "/work",
        "HostConfig": {
            "Binds": [f"{score_dir}:/work"],
            "Privileged": privileged,
            "NetworkMode": "none",
            "Memory": 2 * 1024 ** 3,
        },
    }


def main():
    parser = argparse.ArgumentParser(description="Render a score in a container")
    parser.add_argument("score", help="path to the .ly file")
    parser.add_argument("--privileged", action="store_true",
                        help="needed on nodes where font mounts use FUSE")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    score = os.path.abspath(args.score)
    client = DockerClient(DOCKER_SOCK)
    name = f"render-{os.getpid()}-{int(time.time())}"
    config = build_config(os.path.dirname(score), os.path.basename(score), args.privileged)
    cid = client.create(name, config)
    log.info("created %s (%s)", name, cid[:12])
    try:
        client.start(cid)
        status = client.wait(cid)
        log.info("exit status %s", status.get("StatusCode"))
        print(client.logs(cid).decode(errors="replace"))
    finally:
        if not args.keep:
            client.remove(cid)


if __name__ == "__main__":
    main()
