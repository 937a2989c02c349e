#!/usr/bin/env python3
"""Deploy or update the capacity board container on the reception mini PC.

The capacity board (big TV above reception showing "Toddler session: 34/60")
is a small web app shipped as a container image. This script talks to the
local container engine to pull the pinned image tag, replace the running
container and check it answers on its health endpoint.

    capacity_board_deploy.py --tag 1.8.2 [--port 8088]
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.request
from urllib.parse import quote

log = logging.getLogger("board_deploy")

ENGINE_SOCK = "/var/run/docker.sock"
IMAGE = "registry.softplay-hq.example.com/capacity-board"
CONTAINER = "capacity-board"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local unix socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204)):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip().startswith(b"{") else data

    def pull(self, image, tag):
        log.info("pulling %s:%s", image, tag)
        self.call("POST", f"/images/create?fromImage={quote(image)}&tag={quote(tag)}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true", ok=(204,))
            log.info("removed old %s", name)
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise

    def create(self, name, image, port, env):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "ExposedPorts": {"8000/tcp": {}},
            "HostConfig": {
                "PortBindings": {"8000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
                "Memory": 256 * 1024 * 1024,
            },
            "Labels": {"venue.role": "capacity-board"},
        }
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def wait_healthy(port, seconds=45):
    url = f"http://127.0.0.1:{port}/healthz"
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=3) as r:
                if r.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description="Deploy the capacity board")
    ap.add_argument("--tag", required=True)
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--state-file", default="./capacity_state.json",
                    help="where the counter writes the live head count")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    image_ref = f"{IMAGE}:{args.tag}"
    try:
        engine.pull(IMAGE, args.tag)
        engine.remove(CONTAINER)
        cid = engine.create(CONTAINER, image_ref, args.port,
                            {"BOARD_STATE_URL": args.state_file, "TZ": "Europe/London"})
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1

    log.info("started %s (%s)", CONTAINER, cid[:12])
    if not wait_healthy(args.port):
        log.error("board did not become healthy on port %d", args.port)
        return 1
    log.info("capacity board healthy on http://127.0.0.1:%d", args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
