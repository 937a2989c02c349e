#!/usr/bin/env python3
"""Jukebox container control for the bar's music PC.

Talks straight to the Docker engine to (re)create the jukebox container with
access to the sound card and the USB volume knob.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, asdict, field

log = logging.getLogger("jukebox_ctl")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/".join(("", "var", "run", "docker.sock")))
IMAGE = os.environ.get("JUKEBOX_IMAGE", "registry.example.com/bar/jukebox:3.1")
NAME = "bar-jukebox"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class HostConfig:
    Binds: list = field(default_factory=lambda: ["/srv/music:/music:ro"])
    Devices: list = field(default_factory=lambda: [
        {"PathOnHost": "/dev/snd", "PathInContainer": "/dev/snd", "CgroupPermissions": "rwm"}])
    Privileged: bool = True
    NetworkMode: str = "host"
    RestartPolicy: dict = field(default_factory=lambda: {"Name": "unless-stopped"})


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, f"/v1.43{path}", body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        log.debug("%s %s -> %s", method, path, resp.status)
        return resp.status, (json.loads(data) if data else None)

    def status(self):
        code, info = self.call("GET", f"/containers/{NAME}/json")
        return info["State"]["Status"] if code == 200 else "absent"

    def remove(self):
        return self.call("DELETE", f"/containers/{NAME}?force=true")

    def create(self):
        spec = {"Image": IMAGE, "Env": [f"JUKEBOX_ROOM={os.environ.get('BAR_ROOM', 'main')}"],
                "HostConfig": asdict(HostConfig())}
        return self.call("POST", f"/containers/create?name={NAME}", spec)

    def start(self):
        return self.call("POST", f"/containers/{NAME}/start")

    def restart(self):
        return self.call("POST", f"/containers/{NAME}/restart?t=5")


def recreate(engine: Engine):
    engine.remove()
    code, body = engine.create()
    if code not in (200, 201):
        raise RuntimeError(f"create failed: {body}")
    engine.start()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["status", "restart", "recreate"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    engine = Engine(ENGINE_SOCK)
    dispatch = {
        "status": lambda: log.info("jukebox is %s", engine.status()),
        "restart": lambda: engine.restart(),
        "recreate": lambda: recreate(engine),
    }
    dispatch[args.action]()
    log.info("jukebox now %s", engine.status())


if __name__ == "__main__":
    main()
