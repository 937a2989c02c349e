#!/usr/bin/env python3
"""Run the plate-reading OCR container over a folder of evidence photos.

Talks to the local Docker engine directly so it works on the review
PCs where the docker CLI is not installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("evidence-ocr")

ENGINE_SOCKET = "/var/run/docker.sock"
IMAGE = "registry.parking-ops.example/evidence-ocr:3.2"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def create(self, photos_dir, results_dir):
        spec = {
            "Image": IMAGE,
            "Cmd": ["--input", "/photos", "--output", "/results", "--format", "csv"],
            "HostConfig": {
                "Binds": [f"{photos_dir}:/photos:ro", f"{results_dir}:/results"],
                "NetworkMode": "none",
                "AutoRemove": False,
            },
        }
        return self.call("POST", "/containers/create", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait")["StatusCode"]

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=true")


def main():
    parser = argparse.ArgumentParser(description="OCR a folder of evidence photos")
    parser.add_argument("photos", type=Path)
    parser.add_argument("--results", type=Path, default=Path("ocr_results"))
    parser.add_argument("--keep", action="store_true", help="keep the container afterwards")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not args.photos.is_dir():
        log.error("%s is not a directory", args.photos)
        return 1
    args.results.mkdir(parents=True, exist_ok=True)

    engine = Engine()
    started = time.monotonic()
    cid = engine.create(args.photos.resolve(), args.results.resolve())
    log.info("created container %s", cid[:12])
    try:
        engine.start(cid)
        status = engine.wait(cid)
    finally:
        if not args.keep:
            engine.remove(cid)
    log.info("OCR finished with status %s in %.1fs", status, time.monotonic() - started)
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
