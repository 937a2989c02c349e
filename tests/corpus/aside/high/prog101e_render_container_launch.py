#!/usr/bin/env python3
"""Launch a containerised render of a visualisation scene on this workstation.

Talks to the local Docker Engine API directly (no docker CLI or SDK needed on
the viz machines), starts the studio render image with the GPU devices and
the scene folder attached, and streams the container log until the render
finishes.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("render-launch")

IMAGE = "registry.studio.lan/viz/render-node:4.1"
ENGINE_SOCKET = "/var/run/docker.sock"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, stream=False):
        conn = EngineConnection(self.path, timeout=None if stream else 60)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + url,
                     body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        if stream:
            return resp
        data = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def container_spec(scene_dir, scene_file, frames, engine_name):
    return {
        "Image": IMAGE,
        "Cmd": ["render", "--engine", engine_name, "--frames", frames,
                f"/scene/{scene_file}", "--out", "/scene/output"],
        "Env": ["NVIDIA_VISIBLE_DEVICES=all", "NVIDIA_DRIVER_CAPABILITIES=all"],
        "HostConfig": {
            "Binds": [f"{scene_dir}:/scene:rw"],
            "Privileged": True,
            "ShmSize": 8 * 2 ** 30,
            "AutoRemove": False,
        },
        "Labels": {"studio.role": "render", "studio.scene": scene_file},
    }


def pull_if_missing(engine):
    try:
        engine.call("GET", f"/images/{quote(IMAGE, safe='')}/json")
    except RuntimeError:
        log.info("pulling %s", IMAGE)
        name, _, tag = IMAGE.rpartition(":")
        resp = engine.call("POST", f"/images/create?fromImage={quote(name)}&tag={tag}",
                           stream=True)
        for _ in iter(lambda: resp.read(8192), b""):
            pass


def follow_logs(engine, cid):
    resp = engine.call("GET", f"/containers/{cid}/logs?follow=1&stdout=1&stderr=1",
                       stream=True)
    while True:
        header = resp.read(8)
        if len(header) < 8:
            break
        size = int.from_bytes(header[4:], "big")
        sys.stdout.write(resp.read(size).decode("utf-8", "replace"))
        sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("scene", type=Path, help="path to the .blend / .max scene")
    ap.add_argument("--frames", default="1")
    ap.add_argument("--engine", default="cycles")
    ap.add_argument("--detach", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    scene = args.scene.resolve()
    if not scene.is_file():
        log.error("scene not found: %s", scene)
        return 1

    engine = Engine()
    try:
        pull_if_missing(engine)
        spec = container_spec(str(scene.parent), scene.name, args.frames, args.engine)
        name = f"render-{scene.stem.lower()}-{int(time.time())}"
        created = engine.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        engine.call("POST", f"/containers/{cid}/start")
        log.info("started %s (%s)", name, cid[:12])
        if args.detach:
            return 0
        follow_logs(engine, cid)
        result = engine.call("POST", f"/containers/{cid}/wait")
        code = result.get("StatusCode", 1)
        log.info("render finished with exit code %s", code)
        return code
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
