#!/usr/bin/env python3
"""Manage the menu-board player container on the store media box.

The player needs the framebuffer and the HDMI-CEC device, so it runs as a
privileged container. This talks to the local Docker engine directly so
store staff do not need the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from dataclasses import dataclass, field

log = logging.getLogger("menu-board")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + url, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %s %s" % (method, url, resp.status, raw[:200]))
        return json.loads(raw) if raw else None


@dataclass
class PlayerSpec:
    name: str = "umi-menuboard"
    image: str = os.environ.get("PLAYER_IMAGE", "registry.umi-sushi.example/menuboard-player:stable")
    content_dir: str = os.environ.get("CONTENT_DIR", "/srv/menuboard/content")
    env: dict = field(default_factory=lambda: {"STORE_ID": os.environ.get("STORE_ID", "UMI-007")})

    def create_body(self):
        return {
            "Image": self.image,
            "Env": ["%s=%s" % kv for kv in self.env.items()],
            "HostConfig": {
                "Privileged": True,
                "RestartPolicy": {"Name": "unless-stopped"},
                "Binds": [
                    "%s:/content:ro" % self.content_dir,
                    "/dev/fb0:/dev/fb0",
                    "/dev/cec0:/dev/cec0",
                ],
            },
        }


def find(engine, name):
    items = engine.call("GET", "/containers/json?all=1")
    for item in items:
        if "/" + name in item.get("Names", []):
            return item
    return None


def cmd_status(engine, spec):
    item = find(engine, spec.name)
    print("%s: %s" % (spec.name, item["State"] if item else "absent"))


def cmd_restart(engine, spec):
    engine.call("POST", "/containers/%s/restart?t=5" % spec.name)
    log.info("restarted %s", spec.name)


def cmd_deploy(engine, spec):
    repo, _, tag = spec.image.rpartition(":")
    engine.call("POST", "/images/create?fromImage=%s&tag=%s" % (repo, tag))
    if find(engine, spec.name):
        engine.call("DELETE", "/containers/%s?force=1" % spec.name)
    engine.call("POST", "/containers/create?name=%s" % spec.name, spec.create_body())
    engine.call("POST", "/containers/%s/start" % spec.name)
    log.info("deployed %s from %s", spec.name, spec.image)


ACTIONS = {"status": cmd_status, "restart": cmd_restart, "deploy": cmd_deploy}


def main():
    ap = argparse.ArgumentParser(description="Menu-board player control")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--image")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    spec = PlayerSpec()
    if args.image:
        spec.image = args.image
    try:
        ACTIONS[args.action](Engine(), spec)
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
