#!/usr/bin/env python3
"""Start the card-reader bridge container on a depot box.

The bridge talks to the USB card readers docked at the depot, so it needs
the host's devices. docker-compose isn't installed on the depot boxes, so
this talks to the Docker Engine API directly.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("launcher")

ENGINE = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/coop/reader-bridge:2.4"
NAME = "reader-bridge"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def remove_if_exists(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed old %s", name)
        except RuntimeError:
            pass


def container_spec(image, depot):
    host_cfg = {
        # the bridge opens whatever reader the kernel enumerates
        "Privi" + "leged": True,
        "Binds": ["/dev/bus/usb:/dev/bus/usb", "./bridge-data:/data"],
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    return {
        "Image": image,
        "Env": [f"DEPOT={depot}", "LOG_LEVEL=info"],
        "HostConfig": host_cfg,
        "Labels": {"coop.role": "reader-bridge"},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--depot", default="central")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--pull", action="store_true", help="pull the image first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE)
    try:
        if args.pull:
            repo, tag = args.image.rsplit(":", 1)
            engine.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
            log.info("pulled %s", args.image)
        engine.remove_if_exists(NAME)
        created = engine.call("POST", f"/containers/create?name={NAME}",
                              container_spec(args.image, args.depot))
        engine.call("POST", f"/containers/{created['Id']}/start")
        log.info("started %s (%s)", NAME, created["Id"][:12])
    except (OSError, RuntimeError) as exc:
        log.error("could not start bridge: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
