#!/usr/bin/env python3
"""Photogrammetry runner.

Builds roof models and orthophotos from drone survey flights by running
the photogrammetry image in a container on the office GPU box. Talks to
the local container engine directly so the office PC doesn't need the
docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("photogrammetry")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("PG_IMAGE", "registry.example.com/ropeworks/odm:3.5")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.sock_path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def run_job(self, name, flight_dir, out_dir, args):
        host_cfg = {
            "Binds": [f"{flight_dir}:/datasets/images:ro", f"{out_dir}:/datasets/out"],
            # GPU passthrough on this box only works with full device access
            "Privileged": True,
            "Devices": [],
            "AutoRemove": False,
        }
        spec = {"Image": IMAGE, "Cmd": ["--project-path", "/datasets", *args],
                "HostConfig": host_cfg, "Labels": {"ropeworks.job": name}}
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, poll=10):
        while True:
            info = self.call("GET", f"/containers/{cid}/json")
            state = info["State"]
            if not state["Running"]:
                return state["ExitCode"]
            time.sleep(poll)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=true")


QUALITY = {
    "quick": ["--fast-orthophoto", "--pc-quality", "low"],
    "standard": ["--pc-quality", "medium", "--orthophoto-resolution", "2"],
    "survey": ["--pc-quality", "high", "--dsm", "--orthophoto-resolution", "1"],
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("flight_dir", help="folder of survey images")
    ap.add_argument("--job", required=True, help="job reference, e.g. J2231")
    ap.add_argument("--quality", choices=sorted(QUALITY), default="standard")
    ap.add_argument("--out", default="models")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    flight_dir = os.path.abspath(args.flight_dir)
    out_dir = os.path.abspath(os.path.join(args.out, args.job))
    if not os.path.isdir(flight_dir):
        sys.exit(f"no such folder: {flight_dir}")
    os.makedirs(out_dir, exist_ok=True)

    engine = Engine(ENGINE_SOCK)
    name = f"pg-{args.job.lower()}-{int(time.time())}"
    try:
        cid = engine.run_job(name, flight_dir, out_dir, QUALITY[args.quality])
        LOG.info("started %s (%s)", name, cid[:12])
        code = engine.wait(cid)
        LOG.info("finished with exit code %d", code)
        engine.remove(cid)
    except (OSError, RuntimeError) as exc:
        sys.exit(f"container engine error: {exc}")
    sys.exit(code)


if __name__ == "__main__":
    main()
