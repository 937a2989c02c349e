#!/usr/bin/env python3
"""Prepare stock photos for eBay listings.

Volunteers dump phone photos into ./photos/incoming. eBay wants 1600px on
the long edge, stripped EXIF (no volunteer GPS in the listing!) and a small
shop watermark. The back-office PCs have different ImageMagick versions, so
the conversion runs in a pinned container image via the local Docker
engine's API; only the photos folder is shared with the container.

    ebay_photo_batch_resize.py [--root photos] [--watermark TEXT] [--batch 25]
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

log = logging.getLogger("photo-prep")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("PHOTO_PREP_IMAGE", "dpokidov/imagemagick:7.1.1-21")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
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

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def ensure_image(self, image):
        name, _, tag = image.partition(":")
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def run(self, image, cmd, binds, workdir="/photos"):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": workdir,
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": binds, "AutoRemove": False, "NetworkMode": "none"},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait", expect=(200,))
            return result.get("StatusCode", 1)
        finally:
            self.call("DELETE", f"/containers/{cid}?force=true", expect=(204, 404))


def build_command(names, dst_rel, watermark):
    script = []
    for name in names:
        out = f"{dst_rel}/{Path(name).stem}.jpg"
        script.append(
            f"magick 'incoming/{name}' -auto-orient -strip -resize '1600x1600>' "
            f"-gravity southeast -pointsize 28 -fill 'rgba(255,255,255,0.6)' "
            f"-annotate +20+20 '{watermark}' -quality 88 '{out}'")
    return ["sh", "-c", " && ".join(script)]


def main():
    ap = argparse.ArgumentParser(description="Resize and watermark eBay photos")
    ap.add_argument("--root", default="photos")
    ap.add_argument("--watermark", default="St Mark's Hospice Shops")
    ap.add_argument("--batch", type=int, default=25)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = Path(args.root).resolve()
    src, dst = root / "incoming", root / "ebay"
    dst.mkdir(parents=True, exist_ok=True)
    pending = sorted(p.name for p in src.glob("*") if p.suffix.lower() in {".jpg", ".jpeg", ".heic", ".png"}
                     and not (dst / f"{p.stem}.jpg").exists())
    if not pending:
        log.info("no new photos")
        return 0

    engine = Engine(DOCKER_SOCK)
    try:
        engine.ensure_image(IMAGE)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable at %s: %s", DOCKER_SOCK, exc)
        return 2

    failures = 0
    for i in range(0, len(pending), args.batch):
        chunk = pending[i:i + args.batch]
        started = time.monotonic()
        code = engine.run(IMAGE, build_command(chunk, "ebay", args.watermark),
                          binds=[f"{root}:/photos:rw"])
        log.info("batch of %d done in %.1fs (exit %d)", len(chunk),
                 time.monotonic() - started, code)
        failures += code != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
