#!/usr/bin/env python3
"""Start the bottle-label renderer container on the still-room box.

Talks to the local Docker engine directly over its socket so the
still-room box does not need the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from urllib.parse import quote

log = logging.getLogger("label_container")

SOCK = os.environ.get("DOCKER_SOCK", "/var/run/" + "docker" + ".sock")
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path=SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, API + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def spec(image, port, printer):
    return {
        "Image": image,
        "Env": [f"LABEL_SHOP={os.environ.get('VENUE_CODE', 'JV-LDN-02')}"],
        "ExposedPorts": {f"{port}/tcp": {}},
        "HostConfig": {
            "PortBindings": {f"{port}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "Devices": [{"PathOnHost": printer, "PathInContainer": "/dev/usb/lp0",
                         "CgroupPermissions": "rw"}],
        },
    }


def ensure_running(engine, name, image, port, printer):
    flt = quote(json.dumps({"name": [name]}))
    existing = engine.call("GET", "/containers/json?all=1&filters=" + flt)
    if existing:
        cid = existing[0]["Id"]
        log.info("found %s (%s)", name, existing[0].get("State"))
    else:
        engine.call("POST", f"/images/create?fromImage={image}")
        cid = engine.call("POST", f"/containers/create?name={name}",
                          spec(image, port, printer))["Id"]
        log.info("created %s", cid[:12])
    try:
        engine.call("POST", f"/containers/{cid}/start")
    except RuntimeError as exc:
        if "304" not in str(exc):
            raise
    return cid


def main():
    parser = argparse.ArgumentParser(description="Run the bottle label renderer")
    parser.add_argument("--name", default="jv-label-renderer")
    parser.add_argument("--image", default="registry.example.com/jv/label-renderer:2.3")
    parser.add_argument("--port", type=int, default=8087)
    parser.add_argument("--printer", default="/dev/usb/lp0")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    cid = ensure_running(Engine(), args.name, args.image, args.port, args.printer)
    print(cid[:12])


if __name__ == "__main__":
    main()
