#!/usr/bin/env python3
"""Bring up the number-plate (ANPR) worker at the recycling centre gate.

The household waste site limits van visits per plate. The gate PC runs an
ANPR worker container per camera; this script (re)creates those containers
from stack.json, talking to the local Docker Engine directly so the gate PC
does not need the docker CLI or compose installed.
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
from urllib.parse import quote

log = logging.getLogger("anpr-stack")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


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

    def call(self, method, path, body=None, ok=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            data = json.dumps(body).encode() if body is not None else None
            conn.request(method, API + path, body=data,
                         headers={"Content-Type": "application/json"} if data else {})
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        return json.loads(raw) if raw and raw[:1] in b"[{" else raw

    def pull(self, image):
        name, _, tag = image.rpartition(":") if ":" in image.split("/")[-1] else (image, "", "latest")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag or 'latest')}")

    def remove(self, name):
        self.call("DELETE", f"/containers/{quote(name)}?force=true", ok=(204, 404))

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={quote(name)}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start", ok=(204, 304))

    def state(self, cid):
        return self.call("GET", f"/containers/{cid}/json")["State"]


def container_spec(cam, common):
    env = {**common.get("env", {}), **cam.get("env", {}),
           "CAMERA_ID": cam["id"], "RTSP_URL": cam["rtsp"], "LANE": cam.get("lane", "in")}
    devices = [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
               for d in common.get("devices", [])]
    return {
        "Image": common["image"],
        "Env": [f"{k}={v}" for k, v in env.items()],
        "Labels": {"site.role": "anpr", "site.camera": cam["id"]},
        "HostConfig": {
            "NetworkMode": "host",
            "Devices": devices,
            "Binds": [f"{Path(common.get('data_dir', 'anpr-data')).resolve()}:/data"],
            "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 5},
            "Memory": int(common.get("memory_mb", 1024)) * 1024 * 1024,
        },
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-f", "--file", type=Path, default=Path("stack.json"))
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        stack = json.loads(args.file.read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.file, exc)
        return 2
    common, cams = stack["common"], stack["cameras"]
    engine = Engine(DOCKER_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", common["image"])
            engine.pull(common["image"])
        failed = 0
        for cam in cams:
            name = f"anpr-{cam['id']}"
            engine.remove(name)
            cid = engine.create(name, container_spec(cam, common))
            engine.start(cid)
            time.sleep(3)
            st = engine.state(cid)
            if st.get("Running"):
                log.info("%s up (%s)", name, cid[:12])
            else:
                failed += 1
                log.error("%s not running: exit %s %s", name, st.get("ExitCode"), st.get("Error"))
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
