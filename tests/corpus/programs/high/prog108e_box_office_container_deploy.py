#!/usr/bin/env python3
"""Deploy the recital box office (ticketing) app on the church hall server.

Talks to the local Docker Engine API directly so the hall server does not
need the docker CLI or the docker SDK installed. Pulls the requested image
tag, replaces the running 'boxoffice' container and waits for its health
endpoint.

    python box_office_container_deploy.py --tag 2.4.1
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("boxoffice-deploy")

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "ghcr.io/stbarnabas-music/boxoffice"
CONTAINER = "boxoffice"
ENV_FILE = Path("boxoffice.env")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path, timeout=600)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data.lstrip()[:1] in (b"{", b"[") else data

    def pull(self, image, tag):
        self.call("POST", f"/images/create?fromImage={image}&tag={tag}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true", ok=(204,))
            log.info("removed old container %s", name)
        except RuntimeError as exc:
            if " 404 " not in str(exc):
                raise

    def run(self, name, image, env, port):
        spec = {
            "Image": image,
            "Env": env,
            "ExposedPorts": {"8000/tcp": {}},
            "HostConfig": {
                "PortBindings": {"8000/tcp": [{"HostPort": str(port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
                "Binds": [f"{Path('data').resolve()}:/app/data"],
            },
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def read_env(path):
    if not path.exists():
        return []
    return [line.strip() for line in path.read_text().splitlines()
            if line.strip() and not line.startswith("#") and "=" in line]


def wait_healthy(port, seconds=90):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as r:
                if r.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(3)
    return False


def main():
    ap = argparse.ArgumentParser(description="Deploy the box office container")
    ap.add_argument("--tag", default="latest")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    Path("data").mkdir(exist_ok=True)
    try:
        log.info("pulling %s:%s", IMAGE, args.tag)
        engine.pull(IMAGE, args.tag)
        engine.remove(CONTAINER)
        cid = engine.run(CONTAINER, f"{IMAGE}:{args.tag}", read_env(ENV_FILE), args.port)
        log.info("started %s (%s)", CONTAINER, cid[:12])
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1

    if wait_healthy(args.port):
        log.info("box office is up on port %d", args.port)
        return 0
    log.error("box office did not become healthy")
    return 1


if __name__ == "__main__":
    sys.exit(main())
