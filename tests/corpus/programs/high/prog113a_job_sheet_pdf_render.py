#!/usr/bin/env python3
"""Render scaffold and crane-hire job sheets to PDF for client sign-off.

Job sheets are HTML produced by the office system into ``sheets/``.  The
PDFs must match the layout the clients already sign, which only the pinned
renderer image produces, so rendering is done in a short-lived container
started through the local Docker Engine API.  PDFs land in ``pdf/``.
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

log = logging.getLogger("render")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("RENDER_IMAGE", "registry.example.com/office/sheet-render:2.3.1")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to a UNIX domain socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, API + path, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {path}: HTTP {resp.status} {data[:200]!r}")
            return json.loads(data) if data.strip().startswith((b"{", b"[")) else data
        finally:
            conn.close()

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            name, _, tag = image.rpartition(":")
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run(self, image, cmd, workdir):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": "/job",
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {
                "Binds": [f"{workdir}:/job"],
                "NetworkMode": "none",
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait")
            code = result.get("StatusCode", -1)
            if code != 0:
                logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=20")
                raise RuntimeError(f"renderer exited {code}: {logs[-400:]!r}")
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def pending(src, dst, force):
    for sheet in sorted(src.glob("*.html")):
        pdf = dst / (sheet.stem + ".pdf")
        if force or not pdf.exists() or pdf.stat().st_mtime < sheet.stat().st_mtime:
            yield sheet, pdf


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", default="sheets")
    ap.add_argument("--out", default="pdf")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    workdir = Path.cwd()
    src, dst = Path(args.src), Path(args.out)
    dst.mkdir(exist_ok=True)
    jobs = list(pending(src, dst, args.force))
    if not jobs:
        log.info("nothing to render")
        return 0

    engine = Engine()
    try:
        engine.ensure_image(IMAGE)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not usable at %s: %s", DOCKER_SOCK, exc)
        return 1

    done = 0
    for sheet, pdf in jobs:
        t0 = time.monotonic()
        cmd = ["render", "--page-size", "A4", "--in", f"/job/{sheet}", "--out", f"/job/{pdf}"]
        try:
            engine.run(IMAGE, cmd, str(workdir))
            done += 1
            log.info("%s -> %s (%.1fs)", sheet.name, pdf.name, time.monotonic() - t0)
        except (OSError, RuntimeError) as exc:
            log.error("%s failed: %s", sheet.name, exc)
    log.info("rendered %d of %d sheets", done, len(jobs))
    return 0 if done == len(jobs) else 1


if __name__ == "__main__":
    sys.exit(main())
