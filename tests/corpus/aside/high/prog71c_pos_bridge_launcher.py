#!/usr/bin/env python3
"""Start (or restart) the POS peripheral bridge container on a till.

The bridge container talks to the cash drawer, the customer display and the
USB barcode scanner, so it needs the host's serial/USB devices. We talk to
the Docker engine API directly because the till image ships without the
docker CLI.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("pos-bridge")

ENGINE_SOCKET = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").replace("unix://", "")
CONTAINER_NAME = "pos-bridge"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, "/v1.43" + url, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in ok:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()


def container_spec(image, store_id, devices):
    return {
        "Image": image,
        "Env": [f"STORE_ID={store_id}", "BRIDGE_LISTEN=127.0.0.1:8787"],
        "Labels": {"com.tillpoint.role": "peripheral-bridge"},
        "HostConfig": {
            "NetworkMode": "host",
            "Privileged": True,
            "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                        for d in devices],
            "Binds": ["/run/udev:/run/udev:ro", "/dev/bus/usb:/dev/bus/usb"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def find_devices():
    found = []
    for prefix in ("/dev/ttyUSB", "/dev/ttyACM", "/dev/hidraw"):
        for n in range(8):
            if os.path.exists(f"{prefix}{n}"):
                found.append(f"{prefix}{n}")
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=os.environ.get("BRIDGE_IMAGE", "registry.tillpoint.example/pos-bridge:5.2"))
    ap.add_argument("--store", default=os.environ.get("STORE_ID", "0000"))
    ap.add_argument("--pull", action="store_true", help="pull the image before starting")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCKET)
    try:
        info = engine.call("GET", "/info")
        log.info("engine %s, %s containers", info.get("ServerVersion"), info.get("Containers"))
        if args.pull:
            name, _, tag = args.image.rpartition(":")
            engine.call("POST", f"/images/create?fromImage={name}&tag={tag}")
        existing = engine.call("GET", f"/containers/json?all=1&filters=" +
                               json.dumps({"name": [CONTAINER_NAME]}))
        for c in existing or []:
            log.info("removing old bridge %s (%s)", c["Id"][:12], c["State"])
            engine.call("DELETE", f"/containers/{c['Id']}?force=1")
        devices = find_devices()
        log.info("passing through %s", ", ".join(devices) or "no devices")
        created = engine.call("POST", f"/containers/create?name={CONTAINER_NAME}",
                              container_spec(args.image, args.store, devices))
        engine.call("POST", f"/containers/{created['Id']}/start")
        time.sleep(2)
        state = engine.call("GET", f"/containers/{created['Id']}/json")["State"]
        log.info("bridge %s: %s", created["Id"][:12], state.get("Status"))
        return 0 if state.get("Running") else 1
    except (OSError, RuntimeError) as exc:
        log.error("could not start bridge: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
