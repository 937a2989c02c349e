#!/usr/bin/env python3
"""Start the stop-motion frame render container on the studio box.

Talks to the local Docker engine directly so the animators don't need the
docker CLI installed on the capture laptop.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("renderbox")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = os.environ.get("RENDER_IMAGE", "registry.example.com/puppetworks/framestack:2.4")
FRAMES = os.environ.get("FRAMES_DIR", os.path.abspath("./frames"))


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def __getattr__(self, verb):
        return lambda url, body=None: self.call(verb.upper(), url, body)


def spec(scene, privileged):
    return {
        "Image": IMAGE,
        "Cmd": ["framestack", "render", "--scene", scene, "--out", "/frames/out"],
        "HostConfig": {
            "Binds": [f"{FRAMES}:/frames"],
            "Privileged": privileged,
            "AutoRemove": True,
        },
        "Labels": {"studio.role": "render"},
    }


def running_renders(engine):
    items = engine.get("/containers/json")
    return [c for c in items if c.get("Labels", {}).get("studio.role") == "render"]


def main():
    parser = argparse.ArgumentParser(description="Launch a frame render container")
    parser.add_argument("scene", help="scene id, e.g. act2_sc04")
    parser.add_argument("--gpu-quirk", action="store_true",
                        help="run privileged (old capture card driver needs it)")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine()
    if args.list:
        for c in running_renders(engine):
            print(c["Id"][:12], c.get("Status"))
        return 0
    created = engine.post("/containers/create?name=render_" + args.scene,
                          spec(args.scene, args.gpu_quirk))
    cid = created["Id"]
    engine.post(f"/containers/{cid}/start")
    log.info("render %s started in %s", args.scene, cid[:12])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
