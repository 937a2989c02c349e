#!/usr/bin/env python3
"""Deploy the vehicle-deck CCTV recorder container on the deck NVR host."""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field, asdict

log = logging.getLogger("cctv-deploy")

SOCK_PATH = os.environ.get("DOCKER_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


@dataclass
class RecorderSpec:
    image: str = os.environ.get("CCTV_IMAGE", "registry.example.com/ferry/nvr-recorder:2.4")
    name: str = "deck-recorder"
    cameras: list = field(default_factory=lambda: ["/dev/video0", "/dev/video1"])
    storage: str = "/srv/cctv"

    def body(self) -> dict:
        host_cfg = {
            "Privileged": True,
            "Binds": [f"{self.storage}:/recordings"],
            "Devices": [
                {"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                for d in self.cameras
            ],
            "RestartPolicy": {"Name": "unless-stopped"},
        }
        return {"Image": self.image, "Env": [f"DECK={os.environ.get('DECK', 'car-deck-1')}"],
                "HostConfig": host_cfg}


def api(method: str, path: str, payload=None):
    conn = UnixHTTPConnection(SOCK_PATH)
    body = json.dumps(payload) if payload is not None else None
    conn.request(method, path, body=body, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, (json.loads(data) if data else {})


OPS = {
    "pull": lambda spec: api("POST", f"/images/create?fromImage={spec.image}"),
    "remove": lambda spec: api("DELETE", f"/containers/{spec.name}?force=true"),
    "create": lambda spec: api("POST", f"/containers/create?name={spec.name}", spec.body()),
    "start": lambda spec: api("POST", f"/containers/{spec.name}/start"),
}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--camera", action="append", help="extra /dev/videoN device")
    ap.add_argument("--skip-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    spec = RecorderSpec()
    if args.camera:
        spec.cameras.extend(args.camera)
    log.info("deploying %s", asdict(spec))
    for step in ("pull", "remove", "create", "start"):
        if step == "pull" and args.skip_pull:
            continue
        status, _ = OPS[step](spec)
        log.info("%s -> %s", step, status)
        if status >= 400 and step not in ("remove",):
            log.error("step %s failed", step)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
