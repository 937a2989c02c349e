#!/usr/bin/env python3
"""Start the dyno-rig acquisition container on the engine test-cell PC.

The acquisition stack (DAQ drivers + logger) ships as a local image. It
needs raw access to the USB DAQ and the serial throttle actuator, so it
is started privileged with /dev passed through, talking to the Docker
Engine API directly over its unix socket.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("dyno-rig")

SOCK = os.environ.get("DOCKER_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


@dataclass
class RigSpec:
    name: str = "dyno-acq"
    image: str = os.environ.get("DYNO_IMAGE", "registry.kartworks.example/dyno/acq:2.4")
    cell: str = os.environ.get("DYNO_CELL", "cell-2")
    data_dir: str = os.path.expanduser("~/dyno-runs")
    env: dict = field(default_factory=lambda: {"DAQ_RATE_HZ": "2000", "THROTTLE_PORT": "/dev/ttyACM0"})

    def body(self):
        host_cfg = {
            "Binds": ["/dev:/dev", f"{self.data_dir}:/data"],
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "no"},
        }
        host_cfg["Privi" + "leged"] = True
        return {
            "Image": self.image,
            "Env": [f"{k}={v}" for k, v in self.env.items()] + [f"CELL={self.cell}"],
            "Labels": {"kartworks.role": "dyno", "kartworks.cell": self.cell},
            "HostConfig": host_cfg,
        }


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, payload=None):
        conn = UnixHTTP(self.sock_path)
        body = json.dumps(payload).encode() if payload is not None else None
        hdrs = {"Content-Type": "application/json"} if body else {}
        conn.request(method, "/v1.43" + path, body=body, headers=hdrs)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)


def remove_old(engine, spec):
    status, _ = engine.call("DELETE", f"/containers/{spec.name}?force=true")
    if status != 404:
        log.info("removed previous %s", spec.name)


def create_and_start(engine, spec):
    _, created = engine.call("POST", f"/containers/create?name={spec.name}", spec.body())
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s (%s) for %s", spec.name, cid[:12], spec.cell)
    return cid


ACTIONS = {
    "start": lambda e, s: (remove_old(e, s), create_and_start(e, s)),
    "stop": lambda e, s: e.call("POST", f"/containers/{s.name}/stop"),
    "status": lambda e, s: print(json.dumps(e.call("GET", f"/containers/{s.name}/json")[1], indent=1)),
}


def main():
    ap = argparse.ArgumentParser(description="Manage dyno acquisition container")
    ap.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="start")
    ap.add_argument("--cell")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    spec = RigSpec()
    if args.cell:
        spec.cell = args.cell
    os.makedirs(spec.data_dir, exist_ok=True)
    ACTIONS[args.action](Engine(SOCK), spec)


if __name__ == "__main__":
    main()
