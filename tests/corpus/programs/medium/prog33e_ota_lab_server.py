#!/usr/bin/env python3
"""Serve OTA images to boards on the lab network.

Builds manifest.json for the images in ./ota (version parsed from the file
name, SHA-256, size) and then serves that directory over plain HTTP so that
ESP32 / STM32 boards on the bench Wi-Fi can pull their updates.
"""
import argparse
import functools
import hashlib
import json
import logging
import re
import sys
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("ota-lab")

IMAGE_RE = re.compile(r"^(?P<board>[a-z0-9_-]+)-v(?P<version>\d+\.\d+\.\d+)\.(?P<ext>bin|img|zip)$")


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def build_manifest(root: Path):
    boards = {}
    for image in sorted(root.iterdir()):
        m = IMAGE_RE.match(image.name)
        if not m or not image.is_file():
            continue
        entry = {
            "version": m.group("version"),
            "file": image.name,
            "bytes": image.stat().st_size,
            "sha256": sha256_file(image),
        }
        current = boards.get(m.group("board"))
        if current is None or tuple(map(int, entry["version"].split("."))) > \
                tuple(map(int, current["version"].split("."))):
            boards[m.group("board")] = entry
    manifest = {"generated": int(time.time()), "boards": boards}
    (root / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return manifest


class OtaHandler(SimpleHTTPRequestHandler):
    server_version = "ota-lab/0.9"

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)

    def end_headers(self):
        if self.path.endswith("manifest.json"):
            self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self):
        ua = self.headers.get("User-Agent", "")
        dev = self.headers.get("X-Device-Id")
        if dev:
            LOG.info("device %s (%s) requested %s", dev, ua, self.path)
        return super().do_GET()


def main(argv=None):
    ap = argparse.ArgumentParser(description="lab OTA server")
    ap.add_argument("--dir", default="ota")
    ap.add_argument("--host", default="0.0.0.0", help="listen address (all interfaces by default)")
    ap.add_argument("--port", type=int, default=8070)
    ap.add_argument("--no-manifest", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = Path(args.dir).resolve()
    if not root.is_dir():
        LOG.error("%s is not a directory", root)
        return 1
    if not args.no_manifest:
        manifest = build_manifest(root)
        for board, entry in manifest["boards"].items():
            LOG.info("%-20s v%-10s %s", board, entry["version"], entry["file"])

    handler = functools.partial(OtaHandler, directory=str(root))
    httpd = ThreadingHTTPServer((args.host, args.port), handler)
    LOG.info("serving %s on http://%s:%d/", root, args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
