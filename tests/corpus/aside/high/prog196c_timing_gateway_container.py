#!/usr/bin/env python3
"""Starts the race-timing gateway container for speed-skating meets.

The gateway reads the photo-finish and transponder loops over USB
serial, so the container gets the host's devices.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field, asdict

log = logging.getLogger("timing-gateway")

SOCK = os.environ.get("DOCKER_SOCK", "/".join(("", "var", "run", "docker.sock")))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


def api(method, path, body=None):
    conn = UnixHTTPConnection(SOCK)
    headers = {"Content-Type": "application/json"}
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
    return json.loads(data) if data else {}


@dataclass
class GatewaySpec:
    image: str = "registry.example.com/rink/timing-gateway:2.4"
    name: str = "timing-gateway"
    env: list = field(default_factory=lambda: ["MEET_ID=local", "LOOPS=4"])

    def create_body(self):
        host_cfg = {
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
            "RestartPolicy": {"Name": "unless-stopped"},
        }
        return {"Image": self.image, "Env": self.env, "HostConfig": host_cfg}


def remove_existing(name):
    try:
        api("DELETE", f"/containers/{name}?force=true")
        log.info("removed old %s", name)
    except RuntimeError:
        pass


def pull(image):
    repo, _, tag = image.rpartition(":")
    api("POST", f"/images/create?fromImage={repo}&tag={tag}")
    log.info("pulled %s", image)


def start(spec: GatewaySpec):
    created = api("POST", f"/containers/create?name={spec.name}", spec.create_body())
    cid = created.get("Id", "")
    api("POST", f"/containers/{cid}/start")
    log.info("started %s (%s)", spec.name, cid[:12])
    return cid


STEPS = {"pull": lambda s: pull(s.image), "replace": lambda s: remove_existing(s.name), "start": start}


def main():
    parser = argparse.ArgumentParser(description="Run the timing gateway container")
    parser.add_argument("--image", default=GatewaySpec.image)
    parser.add_argument("--meet", default="local")
    parser.add_argument("--skip-pull", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    spec = GatewaySpec(image=args.image, env=[f"MEET_ID={args.meet}", "LOOPS=4"])
    log.debug("spec %s", asdict(spec))
    order = ["replace", "start"] if args.skip_pull else ["pull", "replace", "start"]
    try:
        for step in order:
            STEPS[step](spec)
    except (OSError, RuntimeError) as exc:
        log.error("gateway not started: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
