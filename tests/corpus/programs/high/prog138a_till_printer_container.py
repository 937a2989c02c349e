#!/usr/bin/env python3
"""Run the receipt-printer bridge for the shop tills in a container.

The vendor ships the printer bridge only as a container image. It needs raw
USB access to the thermal printers, so we start it straight through the
container engine's API socket with the device access it asks for.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("printer-bridge")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/tillvendor/printer-bridge:3.2"
NAME = "till-printer-bridge"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over a local unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data else None

    def find(self, name):
        items = self.call("GET", f'/containers/json?all=1&filters={{"name":["{name}"]}}')
        return items[0] if items else None

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def bridge_spec(image, printers_env):
    return {
        "Image": image,
        "Env": [f"PRINTERS={printers_env}", "BRIDGE_PORT=9100"],
        "HostConfig": {
            # the vendor's notes say USB hotplug only works with full device access
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/dev/bus/usb:/dev/bus/usb"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--printers", default="till1=usb:0416:5011,till2=usb:0416:5011")
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("--status", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        existing = engine.find(NAME)
        if args.status:
            print(json.dumps(existing or {"state": "absent"}, indent=2))
            return 0
        if existing and not args.recreate:
            log.info("%s already exists (%s)", NAME, existing.get("State"))
            if existing.get("State") != "running":
                engine.start(existing["Id"])
            return 0
        if existing:
            engine.remove(existing["Id"])
            time.sleep(1)
        engine.pull(args.image)
        cid = engine.create(NAME, bridge_spec(args.image, args.printers))
        engine.start(cid)
        log.info("started %s (%s)", NAME, cid[:12])
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
