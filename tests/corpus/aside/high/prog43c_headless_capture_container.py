#!/usr/bin/env python3
"""Start a throwaway headless-browser container to screenshot social posts.

Talks to the Docker Engine API directly over its UNIX socket (no docker CLI
on the capture box). Chromium's sandbox needs extra kernel features inside
the container, so the container is started privileged.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
IMAGE = "newsroom/headless-capture:local"
log = logging.getLogger("capture")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def docker(method, path, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, API + path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data and data[:1] in (b"{", b"[") else data


def run_capture(urls, out_dir, keep=False):
    spec = {
        "Image": IMAGE,
        "Cmd": ["capture", "--out", "/captures", "--full-page"] + urls,
        "Env": ["CAPTURE_TIMEOUT=45"],
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{out_dir}:/captures:rw"],
            "ShmSize": 1 << 30,
            "AutoRemove": False,
        },
    }
    created = docker("POST", "/containers/create?name=capture-%d" % int(time.time()), spec)
    cid = created["Id"]
    log.info("created container %s", cid[:12])
    try:
        docker("POST", f"/containers/{cid}/start")
        result = docker("POST", f"/containers/{cid}/wait")
        code = result.get("StatusCode", -1)
        logs = docker("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=50")
        sys.stderr.write(logs.decode("utf-8", "replace") if isinstance(logs, bytes) else str(logs))
        return code
    finally:
        if not keep:
            docker("DELETE", f"/containers/{cid}?force=1")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("urls", nargs="+")
    ap.add_argument("--out", default="captures", help="host directory for PNG/WARC output")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    import os
    out_dir = os.path.abspath(args.out)
    os.makedirs(out_dir, exist_ok=True)
    try:
        docker("GET", f"/images/{IMAGE}/json")
    except RuntimeError:
        log.error("image %s not built; run `make image` first", IMAGE)
        sys.exit(1)
    code = run_capture(args.urls, out_dir, keep=args.keep)
    log.info("capture finished with exit code %s; files in %s", code, out_dir)
    sys.exit(0 if code == 0 else 1)


if __name__ == "__main__":
    main()
