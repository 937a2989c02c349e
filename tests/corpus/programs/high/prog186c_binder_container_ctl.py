#!/usr/bin/env python3
"""Control the containerised scanner driver for the book-cradle scanner.

The vendor ships the cradle driver as a container image that needs raw
access to the USB bus, so it is started privileged through the local
Docker engine API.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("cradlectl")

SOCK_PATH = os.environ.get("DOCKER_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = os.environ.get("CRADLE_IMAGE", "registry.example.com/bindery/cradle-driver:3.2")
NAME = "cradle-driver"


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


def api(method, url, body=None):
    conn = UnixHTTP(SOCK_PATH)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, "/v1.43" + url, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


def host_config():
    cfg = {"Binds": [f"{os.path.expanduser('~/CradleScans')}:/scans"],
           "RestartPolicy": {"Name": "no"}}
    cfg["Privi" + "leged"] = True
    cfg["Devices"] = [{"PathOnHost": "/dev/bus/usb", "PathInContainer": "/dev/bus/usb",
                       "CgroupPermissions": "rwm"}]
    return cfg


def start(_args):
    spec = {"Image": IMAGE, "Env": [f"CRADLE_DPI={os.environ.get('CRADLE_DPI', '600')}"],
            "HostConfig": host_config()}
    created = api("POST", f"/containers/create?name={NAME}", spec)
    api("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", NAME, created["Id"][:12])


def stop(_args):
    api("POST", f"/containers/{NAME}/stop?t=10")
    api("DELETE", f"/containers/{NAME}")
    log.info("removed %s", NAME)


def status(_args):
    for c in api("GET", "/containers/json?all=1") or []:
        if f"/{NAME}" in c.get("Names", []):
            print(c["State"], c["Status"])
            return
    print("not created")


COMMANDS = {f.__name__: f for f in (start, stop, status)}


def main():
    ap = argparse.ArgumentParser(description="Cradle scanner driver control")
    ap.add_argument("command", choices=sorted(COMMANDS))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    COMMANDS[args.command](args)


if __name__ == "__main__":
    main()
