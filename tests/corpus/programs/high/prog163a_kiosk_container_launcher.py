#!/usr/bin/env python3
"""Start the self-service token kiosk containers on the booth mini-PC.

Each kiosk runs in a container that needs the USB card reader and the
receipt printer, so it is started with device access through the local
Docker engine API.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from urllib.parse import quote

LOG = logging.getLogger("kiosk-launcher")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
KIOSK_IMAGE = os.environ.get("KIOSK_IMAGE", "registry.fair-ops.example/kiosk:2024.6")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def engine(method, path, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    headers = {"Content-Type": "application/json"}
    encoded = json.dumps(body) if body is not None else None
    conn.request(method, path, body=encoded, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
    return json.loads(data) if data else None


def existing_kiosks():
    flt = quote(json.dumps({"label": ["fair.role=kiosk"]}))
    return engine("GET", "/containers/json?all=1&filters=" + flt) or []


def kiosk_spec(booth, port):
    return {
        "Image": KIOSK_IMAGE,
        "Env": ["BOOTH_ID=%s" % booth, "KIOSK_PORT=%d" % port],
        "Labels": {"fair.role": "kiosk", "fair.booth": booth},
        "HostConfig": {
            "Privileged": True,
            "Binds": ["/dev/bus/usb:/dev/bus/usb", "/run/udev:/run/udev:ro"],
            "PortBindings": {"%d/tcp" % port: [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
        },
        "ExposedPorts": {"%d/tcp" % port: {}},
    }


def start_kiosk(booth, port, replace):
    name = "kiosk-%s" % booth.lower()
    for c in existing_kiosks():
        if "/" + name in c.get("Names", []):
            if not replace:
                LOG.info("%s already exists (%s)", name, c.get("State"))
                return
            engine("DELETE", "/containers/%s?force=1" % c["Id"])
            LOG.info("removed old %s", name)
    created = engine("POST", "/containers/create?name=%s" % name, kiosk_spec(booth, port))
    engine("POST", "/containers/%s/start" % created["Id"])
    LOG.info("started %s on port %d", name, port)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("booths", nargs="+", help="booth ids, e.g. B1 B2")
    ap.add_argument("--base-port", type=int, default=8600)
    ap.add_argument("--replace", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    for i, booth in enumerate(args.booths):
        try:
            start_kiosk(booth, args.base_port + i, args.replace)
        except (OSError, RuntimeError) as exc:
            LOG.error("booth %s: %s", booth, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
