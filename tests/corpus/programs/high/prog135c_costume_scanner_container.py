#!/usr/bin/env python3
"""Start the costume barcode scanner service in a container.

Wardrobe's RFID/barcode reader driver only ships as a container image. It
needs raw USB access, so we start it through the local Docker engine API and
pass the host's USB bus through.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("scanner_ctr")

ENGINE_SOCK = "/var/run/" + "docker.sock"
IMAGE = "registry.example.com/wardrobe/scanner-driver:2.3"
NAME = "costume-scanner"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over a unix socket, enough for the engine API."""

    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        conn.request(method, url, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        payload = json.loads(raw) if raw else {}
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {payload}")
        return payload

    def find(self, name):
        flt = json.dumps({"name": [name]})
        items = self.call("GET", f"/containers/json?all=1&filters={flt}")
        return items[0] if items else None


def container_spec(args):
    host_cfg = {
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": ["/dev/bus/usb:/dev/bus/usb", f"{args.data_dir}:/data"],
    }
    return {
        "Image": IMAGE,
        "Env": [f"SCANNER_MODE={args.mode}", "INVENTORY_API=https://wardrobe.example.com/api"],
        "HostConfig": host_cfg,
    }


def ensure_running(engine, args):
    existing = engine.find(NAME)
    if existing and existing.get("State") == "running":
        log.info("scanner already running (%s)", existing["Id"][:12])
        return
    if existing:
        engine.call("DELETE", f"/containers/{existing['Id']}?force=1")
        log.info("removed stale container")
    engine.call("POST", f"/images/create?fromImage={IMAGE}")
    created = engine.call("POST", f"/containers/create?name={NAME}", container_spec(args))
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("scanner started (%s)", created["Id"][:12])


def main():
    ap = argparse.ArgumentParser(description="Run the costume scanner container")
    ap.add_argument("--mode", choices=["barcode", "rfid"], default="barcode")
    ap.add_argument("--data-dir", default="/srv/wardrobe/scans")
    ap.add_argument("--stop", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine(ENGINE_SOCK)
    try:
        if args.stop:
            existing = engine.find(NAME)
            if existing:
                engine.call("POST", f"/containers/{existing['Id']}/stop")
                log.info("stopped")
            return 0
        ensure_running(engine, args)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
