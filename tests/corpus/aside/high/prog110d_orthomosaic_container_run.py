#!/usr/bin/env python3
"""Run the photogrammetry container on a drone flight folder.

Talks to the local Docker Engine API directly (no docker CLI or SDK on the
processing nodes) to start the ODM image with the flight's images mounted,
streams its log, and collects the orthophoto/DSM into the flight folder.

    orthomosaic_container_run.py flights/20240611_F01 --preset high --gpu
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("ortho")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("ODM_IMAGE", "opendronemap/odm:3.5.1")
PRESETS = {
    "fast": ["--fast-orthophoto", "--orthophoto-resolution", "5"],
    "std": ["--dsm", "--orthophoto-resolution", "3"],
    "high": ["--dsm", "--dtm", "--pc-quality", "high", "--orthophoto-resolution", "2"],
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, stream=False, timeout=60):
        conn = UnixHTTPConnection(self.sock_path, timeout=timeout)
        data = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + path, body=data,
                     headers={"Content-Type": "application/json"} if data else {})
        resp = conn.getresponse()
        if stream:
            return resp
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def pull(self, image):
        name, _, tag = image.partition(":")
        resp = self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}",
                         stream=True, timeout=900)
        for line in resp:
            status = json.loads(line).get("status", "")
            if status.startswith(("Status", "Digest")):
                log.info("%s", status)


def container_spec(flight, preset, gpu):
    project = flight.parent.resolve()
    host_cfg = {
        "Binds": [f"{project}:/datasets"],
        "AutoRemove": False,
        "ShmSize": 8 << 30,
        # the processing nodes use a USB dongle for the commercial DEM plugin
        # and the NVIDIA device nodes, both easiest to expose this way
        "Privileged": True,
    }
    if gpu:
        host_cfg["DeviceRequests"] = [{"Driver": "nvidia", "Count": -1,
                                       "Capabilities": [["gpu"]]}]
    return {
        "Image": IMAGE,
        "Cmd": ["--project-path", "/datasets", flight.name, *PRESETS[preset]],
        "HostConfig": host_cfg,
        "Labels": {"survey.flight": flight.name},
    }


def run(flight, preset, gpu, pull):
    eng = Engine(DOCKER_SOCK)
    if pull:
        eng.pull(IMAGE)
    cid = eng.call("POST", f"/containers/create?name=odm_{flight.name}",
                   container_spec(flight, preset, gpu))["Id"]
    log.info("container %s created", cid[:12])
    eng.call("POST", f"/containers/{cid}/start")
    logs = eng.call("GET", f"/containers/{cid}/logs?follow=1&stdout=1&stderr=1",
                    stream=True, timeout=None)
    while True:
        hdr = logs.read(8)
        if len(hdr) < 8:
            break
        size = int.from_bytes(hdr[4:], "big")
        sys.stdout.write(logs.read(size).decode(errors="replace"))
    code = eng.call("POST", f"/containers/{cid}/wait", timeout=None)["StatusCode"]
    eng.call("DELETE", f"/containers/{cid}")
    return code


def main(argv=None):
    ap = argparse.ArgumentParser(description="Orthomosaic processing via Docker")
    ap.add_argument("flight", type=Path, help="flight folder containing images/")
    ap.add_argument("--preset", choices=sorted(PRESETS), default="std")
    ap.add_argument("--gpu", action="store_true")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not (args.flight / "images").is_dir():
        log.error("%s has no images/ folder", args.flight)
        return 1
    start = time.time()
    try:
        code = run(args.flight, args.preset, args.gpu, not args.no_pull)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 2
    log.info("finished with exit %d in %.1f min", code, (time.time() - start) / 60)
    ortho = args.flight / "odm_orthophoto" / "odm_orthophoto.tif"
    if ortho.exists():
        log.info("orthophoto: %s", ortho)
    return code


if __name__ == "__main__":
    sys.exit(main())
