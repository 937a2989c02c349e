#!/usr/bin/env python3
"""(Re)deploys the big-screen scoreboard renderer container on the
scoreboard PC, with direct access to the GPU and the HDMI outputs."""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("scoreboard-deploy")

SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


def engine(method, url, body=None):
    conn = UnixHTTPConnection(SOCK)
    payload = json.dumps(body) if body is not None else None
    conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, (json.loads(data) if data else None)


@dataclass
class RendererSpec:
    image: str = os.environ.get("SCOREBOARD_IMAGE", "registry.example.com/track/scoreboard:3.2")
    name: str = "scoreboard"
    feed: str = os.environ.get("TIMING_FEED", "http://192.0.2.10:8086/live")
    host_config: dict = field(default_factory=lambda: {
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", "/tmp/.X11-unix:/tmp/.X11-unix"],
    })

    def body(self):
        return {"Image": self.image,
                "Env": [f"TIMING_FEED={self.feed}", "DISPLAY=:0"],
                "HostConfig": self.host_config}


def remove_existing(name):
    status, _ = engine("DELETE", f"/containers/{name}?force=true")
    log.info("remove old %s -> %s", name, status)


def create_and_start(spec: RendererSpec):
    status, created = engine("POST", f"/containers/create?name={spec.name}", spec.body())
    if status not in (200, 201):
        raise RuntimeError(f"create failed: {status} {created}")
    cid = created["Id"]
    status, _ = engine("POST", f"/containers/{cid}/start")
    log.info("started %s (%s) -> %s", spec.name, cid[:12], status)
    return cid


def main():
    parser = argparse.ArgumentParser(description="Scoreboard renderer deploy")
    parser.add_argument("--keep-old", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    spec = RendererSpec()
    if not args.keep_old:
        remove_existing(spec.name)
    create_and_start(spec)


if __name__ == "__main__":
    main()
