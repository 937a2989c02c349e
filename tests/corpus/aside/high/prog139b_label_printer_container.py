#!/usr/bin/env python3
"""Run the label-printer spooler container on a shop back-office PC.

The thermal label printer vendor only ships its spooler as a container image.
This helper talks to the local container engine directly (no docker CLI on
the shop image) to pull and start it with access to the printer hardware.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("label-spooler")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/bakery/label-spooler:2.4"
NAME = "label-spooler"


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
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data.strip().startswith(b"{") else data

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove_if_exists(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed old %s", name)
        except RuntimeError:
            pass

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def build_spec(shop, printer_dev):
    host_cfg = {
        # vendor says the spooler needs raw USB access for the cutter
        "Privileged": True,
        "Devices": [{"PathOnHost": printer_dev, "PathInContainer": printer_dev,
                     "CgroupPermissions": "rwm"}],
        "Binds": ["/dev/bus/usb:/dev/bus/usb"],
        "RestartPolicy": {"Name": "unless-stopped"},
        "NetworkMode": "host",
    }
    return {
        "Image": IMAGE,
        "Env": [f"SHOP_ID={shop}", "SPOOL_DIR=/spool"],
        "HostConfig": host_cfg,
        "Labels": {"bakery.role": "label-spooler"},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shop", required=True)
    ap.add_argument("--printer", default="/dev/usb/lp0")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", IMAGE)
            engine.pull(IMAGE)
        engine.remove_if_exists(NAME)
        cid = engine.create(NAME, build_spec(args.shop, args.printer))
        engine.start(cid)
        log.info("spooler running as %s", cid[:12])
    except (OSError, RuntimeError) as exc:
        log.error("could not start spooler: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
