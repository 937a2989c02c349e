#!/usr/bin/env python3
"""Show-control container launcher.

The lighting/laser cue engine ships as a container image. It needs the
USB DMX adapter and the laser safety interlock on the serial port, so the
container is started with device access through the local Docker engine.
"""
import argparse
import http.client
import json
import logging
import os
import socket

LOG = logging.getLogger("showctl.launcher")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("CUE_ENGINE_IMAGE", "registry.starhall.example.net/show/cue-engine:2.7")
NAME = "cue-engine"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body: dict = None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        data = json.loads(raw) if raw else {}
        return resp.status, data

    def find(self, name: str):
        status, data = self.call("GET", f"/containers/json?all=1&filters=%7B%22name%22%3A%5B%22{name}%22%5D%7D")
        return data[0] if status == 200 and data else None


def container_spec(image: str, cues_dir: str, extra_devices: list) -> dict:
    devices = [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
               for d in ["/dev/ttyUSB0", "/dev/ttyACM0"] + extra_devices]
    return {
        "Image": image,
        "Env": [f"SHOW_SITE={os.environ.get('SITE_CODE', 'main-dome')}"],
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "Devices": devices,
            "Binds": [f"{cues_dir}:/cues:ro"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def main() -> None:
    ap = argparse.ArgumentParser(description="Start the cue engine container")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--cues", default=os.path.abspath("./cues"))
    ap.add_argument("--device", action="append", default=[])
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    existing = engine.find(NAME)
    if existing:
        if not args.recreate:
            LOG.info("%s already exists (%s); use --recreate", NAME, existing.get("State"))
            return
        engine.call("DELETE", f"/containers/{existing['Id']}?force=1")
        LOG.info("removed old %s", NAME)

    status, data = engine.call("POST", f"/containers/create?name={NAME}",
                               container_spec(args.image, args.cues, args.device))
    if status != 201:
        LOG.error("create failed: %s %s", status, data)
        raise SystemExit(1)
    cid = data["Id"]
    status, _ = engine.call("POST", f"/containers/{cid}/start")
    LOG.info("started %s (%s) status=%s", NAME, cid[:12], status)


if __name__ == "__main__":
    main()
