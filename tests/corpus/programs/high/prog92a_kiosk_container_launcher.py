#!/usr/bin/env python3
"""Start the pharmacy pickup kiosk container on the counter PC.

The kiosk image drives the barcode scanner, the card reader and the
prescription-bag label printer, so it needs the host's USB bus.  This
launcher talks to the local Docker engine directly (no docker CLI on the
locked-down counter image), pulls the pinned kiosk image, replaces any
previous kiosk container and starts the new one.
"""
from __future__ import annotations

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("kiosk_launcher")

ENGINE_SOCKET = os.environ.get("KIOSK_ENGINE_SOCKET", "/var/run/docker.sock")
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60.0):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, ok=(200, 201, 204)):
        conn = EngineConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, API + path, json.dumps(body) if body is not None else None, headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return [json.loads(line) for line in raw.splitlines() if line.strip()]

    def pull(self, image: str, tag: str):
        return self.call("POST", f"/images/create?fromImage={quote(image)}&tag={quote(tag)}")

    def remove(self, name: str):
        self.call("DELETE", f"/containers/{name}?force=true", ok=(204, 404))


def kiosk_spec(image: str, env_file: str | None) -> dict:
    env = []
    if env_file and os.path.exists(env_file):
        with open(env_file) as fh:
            env = [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]
    return {
        "Image": image,
        "Env": env,
        "Labels": {"role": "pharmacy-kiosk"},
        "HostConfig": {
            "Privileged": True,
            "Binds": ["/dev/bus/usb:/dev/bus/usb", "/run/udev:/run/udev:ro",
                      f"{os.getcwd()}/kiosk-data:/data"],
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Launch the pharmacy pickup kiosk")
    ap.add_argument("--image", default="registry.vetrx-pharmacy.local/kiosk/pickup")
    ap.add_argument("--tag", default="2024.06.2")
    ap.add_argument("--name", default="pickup-kiosk")
    ap.add_argument("--env-file", default="kiosk.env")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCKET)
    image = f"{args.image}:{args.tag}"
    os.makedirs("kiosk-data", exist_ok=True)
    try:
        if not args.no_pull:
            log.info("pulling %s", image)
            engine.pull(args.image, args.tag)
        engine.remove(args.name)
        created = engine.call("POST", f"/containers/create?name={quote(args.name)}",
                              kiosk_spec(image, args.env_file))
        cid = created["Id"]
        engine.call("POST", f"/containers/{cid}/start")
    except (OSError, RuntimeError) as exc:
        log.error("kiosk launch failed: %s", exc)
        return 1

    for _ in range(15):
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if state.get("Running"):
            log.info("kiosk %s running (%s)", args.name, cid[:12])
            return 0
        time.sleep(2)
    log.error("kiosk did not reach running state: %s", state.get("Status"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
