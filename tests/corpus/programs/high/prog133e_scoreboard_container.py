#!/usr/bin/env python3
"""Scoreboard display container launcher.

The overhead scoreboards run as a container on each lane PC so the
display software can be updated without touching the host. The display
needs the GPU and the lane's serial link, so the container gets the host
devices. Talks to the local Docker engine API directly to avoid pulling
in the docker SDK on the kiosks.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("scoreboard")

ENGINE_SOCK = "/".join(["", "var", "run", "docker.sock"])
IMAGE = "registry.example.com/lanes/scoreboard:stable"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def container_spec(lane, image):
    host_cfg = {
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
    }
    return {
        "Image": image,
        "Env": [f"LANE={lane}", "DISPLAY=:0"],
        "Labels": {"bowling.lane": str(lane)},
        "HostConfig": host_cfg,
    }


def replace_container(engine, name, spec):
    try:
        engine.call("DELETE", f"/containers/{name}?force=true")
        log.info("removed old %s", name)
    except RuntimeError:
        pass  # nothing to remove
    created = engine.call("POST", f"/containers/create?name={name}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    return created["Id"]


def main():
    parser = argparse.ArgumentParser(description="Launch scoreboard container")
    parser.add_argument("--lane", type=int, required=True)
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--socket", default=ENGINE_SOCK)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    engine = Engine(args.socket)
    name = f"scoreboard-lane{args.lane}"
    try:
        engine.call("GET", "/_ping")
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable: %s", exc)
        return 1

    try:
        cid = replace_container(engine, name, container_spec(args.lane, args.image))
    except RuntimeError as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("started %s (%s)", name, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
