#!/usr/bin/env python3
"""Run the pump-board firmware flasher container on the lab bench PC.

Talks to the local Docker engine directly so the bench PC does not need the
docker CLI, and passes the USB-serial pump board through to the flasher.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("lab_runner")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
FLASHER_IMAGE = os.environ.get("FLASHER_IMAGE", "registry.example.com/greenleaf/pump-flasher:2.4")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
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
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else {}


def host_config(device, privileged):
    cfg = {
        "Devices": [{"PathOnHost": device, "PathInContainer": "/dev/pumpboard",
                     "CgroupPermissions": "rwm"}],
        "AutoRemove": True,
    }
    if privileged:
        cfg["Privileged"] = True
    return cfg


def flash(engine, device, firmware, privileged):
    spec = {
        "Image": FLASHER_IMAGE,
        "Cmd": ["flash", "--port", "/dev/pumpboard", "--firmware", firmware],
        "Env": [f"BOARD_SERIAL={os.environ.get('BOARD_SERIAL', 'unknown')}"],
        "HostConfig": host_config(device, privileged),
    }
    created = engine.call("POST", "/containers/create?name=pump-flasher", spec)
    cid = created["Id"]
    log.info("created container %s", cid[:12])
    engine.call("POST", f"/containers/{cid}/start")
    result = engine.call("POST", f"/containers/{cid}/wait")
    return result.get("StatusCode", -1)


ACTIONS = {
    "ping": lambda eng, a: print(eng.call("GET", "/version").get("Version")),
    "flash": lambda eng, a: flash(eng, a.device, a.firmware, not a.unprivileged),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=sorted(ACTIONS))
    parser.add_argument("--device", default="/dev/ttyUSB0")
    parser.add_argument("--firmware", default="pumpctl-3.1.2.hex")
    parser.add_argument("--unprivileged", action="store_true",
                        help="skip privileged mode (fails on some boards)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    rc = ACTIONS[args.action](Engine(ENGINE_SOCK), args)
    if isinstance(rc, int) and rc:
        log.error("flasher exited with %d", rc)
        raise SystemExit(rc)


if __name__ == "__main__":
    main()
