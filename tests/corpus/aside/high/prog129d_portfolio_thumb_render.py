#!/usr/bin/env python3
"""Render web thumbnails for student portfolio images.

The art school's studio PCs don't have a consistent ImageMagick build (and
some TIFF/PSD scans need the full delegate set), so thumbnails are rendered
in the pinned ImageMagick container image, driven through the Docker Engine
API. Produces <name>_thumb.jpg and <name>_web.jpg next to each original.
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

log = logging.getLogger("thumbs")

IMAGE = os.environ.get("THUMB_IMAGE", "dpokidov/imagemagick:7.1.1-41")
SOCKET_PATH = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
SIZES = {"thumb": "320x320", "web": "1600x1600"}
SOURCES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".psd", ".webp"}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.socket_path)


class Engine:
    def __init__(self, path=SOCKET_PATH):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            data = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if data else {}
            conn.request(method, url, data, headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw and raw[:1] in b"{[" else raw
        finally:
            conn.close()

    def ensure_image(self, image):
        name, _, tag = image.partition(":")
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def run(self, image, cmd, host_dir):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": "/work",
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": [f"{host_dir}:/work"], "AutoRemove": False},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait")
            if result.get("StatusCode", 1) != 0:
                logs = self.call("GET", f"/containers/{cid}/logs?stderr=1&tail=20")
                raise RuntimeError(f"convert failed: {logs!r}")
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def outputs_for(src):
    return {k: src.with_name(f"{src.stem}_{k}.jpg") for k in SIZES}


def needs_render(src, outs):
    m = src.stat().st_mtime
    return any(not o.exists() or o.stat().st_mtime < m for o in outs.values())


def render_one(engine, src):
    outs = outputs_for(src)
    if not needs_render(src, outs):
        return False
    for kind, geom in SIZES.items():
        cmd = ["magick", f"{src.name}[0]", "-auto-orient", "-colorspace", "sRGB",
               "-resize", f"{geom}>", "-strip", "-quality", "85", outs[kind].name]
        engine.run(IMAGE, cmd, str(src.parent.resolve()))
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    srcs = [p for p in sorted(args.folder.rglob("*"))
            if p.suffix.lower() in SOURCES and not p.stem.endswith(("_thumb", "_web"))]
    if not srcs:
        log.warning("no images under %s", args.folder)
        return 0

    engine = Engine()
    try:
        engine.ensure_image(IMAGE)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not available at %s: %s", SOCKET_PATH, exc)
        return 1

    start, done, failed = time.time(), 0, 0
    for src in srcs:
        try:
            if render_one(engine, src):
                done += 1
                log.info("rendered %s", src)
        except RuntimeError as exc:
            failed += 1
            log.error("%s: %s", src, exc)
    log.info("%d rendered, %d failed, %d up to date in %.1fs",
             done, failed, len(srcs) - done - failed, time.time() - start)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
