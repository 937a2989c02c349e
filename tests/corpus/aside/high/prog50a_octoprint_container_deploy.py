#!/usr/bin/env python3
"""(Re)deploy an OctoPrint container for each printer listed in fleet.json.

Talks to the local Docker Engine API directly over its UNIX socket (no
docker SDK needed on the print server).  Each container gets the printer's
serial device and webcam mapped in; the image must already be present.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
from pathlib import Path

log = logging.getLogger("octo_deploy")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status != 404

    def create_and_start(self, name, spec):
        _, created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def container_spec(printer: dict, image: str) -> dict:
    devices = [{"PathOnHost": printer["serial"], "PathInContainer": "/dev/ttyACM0",
                "CgroupPermissions": "rwm"}]
    if printer.get("webcam"):
        devices.append({"PathOnHost": printer["webcam"], "PathInContainer": "/dev/video0",
                        "CgroupPermissions": "rwm"})
    port = str(printer.get("port", 5000))
    return {
        "Image": image,
        "Env": [f"OCTOPRINT_PORT={port}", "ENABLE_MJPG_STREAMER=true"],
        "ExposedPorts": {"80/tcp": {}},
        "HostConfig": {
            # The USB hub resets renumber devices; privileged survives that.
            "Privileged": bool(printer.get("privileged", True)),
            "Devices": devices,
            "Binds": [f"octoprint-{printer['name']}:/octoprint"],
            "PortBindings": {"80/tcp": [{"HostPort": port}]},
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fleet", type=Path, default=Path("fleet.json"))
    ap.add_argument("--image", default="octoprint/octoprint:1.10")
    ap.add_argument("--only", help="deploy a single printer by name")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    printers = json.loads(args.fleet.read_text())["printers"]
    engine = Engine()
    for printer in printers:
        if args.only and printer["name"] != args.only:
            continue
        name = f"octoprint-{printer['name']}"
        spec = container_spec(printer, args.image)
        if args.dry_run:
            print(json.dumps({name: spec}, indent=2))
            continue
        try:
            if engine.remove(name):
                log.info("removed old %s", name)
            cid = engine.create_and_start(name, spec)
            log.info("started %s (%s) on port %s", name, cid[:12], printer.get("port", 5000))
        except (OSError, RuntimeError) as exc:
            log.error("%s: %s", name, exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
