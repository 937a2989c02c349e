#!/usr/bin/env python3
"""Generate web thumbnails for match photo galleries.

Runs the club's thumbnailer image against each album under ./albums. Each
album gets its own short-lived container so a bad RAW file can't take the
whole batch down. Talks to the local container engine's API directly so
the worker has no dependency on the docker CLI being installed.
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

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
IMAGE = os.environ.get("THUMB_IMAGE", "clubmedia/thumbnailer:2.4")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, "/v1.43" + url, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def ensure_image(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def run_once(self, image, album_dir, size):
        spec = {
            "Image": image,
            "Cmd": ["--size", str(size), "--in", "/album", "--out", "/album/thumbs"],
            "HostConfig": {
                "Binds": [f"{album_dir.resolve()}:/album"],
                "AutoRemove": False,
                "Memory": 512 * 1024 * 1024,
            },
        }
        created = self.call("POST", "/containers/create", spec)
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait", expect=(200,))
            return result.get("StatusCode", -1)
        finally:
            self.call("DELETE", f"/containers/{cid}?force=true", expect=(204, 404))


def albums_needing_thumbs(root):
    for album in sorted(p for p in root.iterdir() if p.is_dir()):
        thumbs = album / "thumbs"
        photos = [p for p in album.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png")]
        if not photos:
            continue
        if not thumbs.exists() or len(list(thumbs.iterdir())) < len(photos):
            yield album, len(photos)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--albums", default="albums")
    ap.add_argument("--size", type=int, default=480)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = Path(args.albums)
    if not root.is_dir():
        log.error("album directory %s not found", root)
        return 1

    engine = Engine(ENGINE_SOCKET)
    try:
        engine.call("GET", "/_ping")
        if not args.no_pull:
            engine.ensure_image(args.image)
    except (OSError, RuntimeError) as exc:
        log.error("container engine unavailable: %s", exc)
        return 1

    failures = 0
    for album, count in albums_needing_thumbs(root):
        started = time.monotonic()
        try:
            code = engine.run_once(args.image, album, args.size)
        except (OSError, RuntimeError) as exc:
            log.warning("%s: %s", album.name, exc)
            failures += 1
            continue
        log.info("%s: %d photos, exit %d, %.1fs", album.name, count, code,
                 time.monotonic() - started)
        failures += code != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
