#!/usr/bin/env python3
"""Deploy (or update) the tide and weather dashboard container on the
crew-room PC.

Pulls the dashboard image, replaces the running container if the image
changed, and mounts the ./tides and ./weather feed folders read-only so the
big screen shows the latest tables. Talks to the local Docker Engine API
directly so the kiosk image does not need the docker CLI installed.

    tide_dashboard_deploy.py [--image REPO:TAG] [--port 8090]
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
from urllib.parse import quote

log = logging.getLogger("dash_deploy")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
NAME = "tide-dashboard"
DEFAULT_IMAGE = "registry.station-sync.example.net/board/tide-dashboard:stable"


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
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path, timeout=300)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, API + path,
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status == 404:
            return None
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        if not raw:
            return {}
        try:
            return json.loads(raw)
        except ValueError:
            # image pull streams newline-delimited JSON progress
            return [json.loads(line) for line in raw.splitlines() if line.strip()]

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag)}")
        ref = quote(image, "")
        return self.call("GET", f"/images/{ref}/json")["Id"]

    def container(self, name):
        return self.call("GET", f"/containers/{name}/json")

    def replace(self, name, spec):
        if self.container(name):
            self.call("POST", f"/containers/{name}/stop?t=10")
            self.call("DELETE", f"/containers/{name}?force=true")
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def build_spec(image, port, feeds):
    binds = [f"{(feeds / d).resolve()}:/srv/feeds/{d}:ro" for d in ("tides", "weather")]
    return {
        "Image": image,
        "Env": ["BOARD_TITLE=" + os.environ.get("BOARD_TITLE", "Launch board"), "TZ=Europe/London"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": {
            "Binds": binds,
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
            "ReadonlyRootfs": True,
        },
        "Labels": {"station.board": "tide-dashboard"},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description="Deploy the tide dashboard container")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--port", type=int, default=8090)
    ap.add_argument("--feeds", default=".", help="folder containing tides/ and weather/")
    ap.add_argument("--force", action="store_true", help="recreate even if image unchanged")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not Path(DOCKER_SOCK).exists():
        log.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    engine = Engine(DOCKER_SOCK)
    try:
        image_id = engine.pull(args.image)
        current = engine.container(NAME)
        if current and current.get("Image") == image_id and not args.force:
            log.info("dashboard already on %s", image_id[:19])
            return 0
        cid = engine.replace(NAME, build_spec(args.image, args.port, Path(args.feeds)))
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    time.sleep(2)
    state = (engine.container(NAME) or {}).get("State", {}).get("Status", "unknown")
    log.info("container %s %s on http://127.0.0.1:%d/", cid[:12], state, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
