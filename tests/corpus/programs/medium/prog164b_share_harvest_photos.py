#!/usr/bin/env python3
"""Shares today's harvest photos with the pickers' tablets over the orchard wifi."""
import argparse
import functools
import http.server
import logging
import os
import shutil
import socketserver
from datetime import date
from pathlib import Path

LOG = logging.getLogger("photo_share")

SHARE_DIR = Path("/tmp/harvest_share")
PHOTO_EXTS = {".jpg", ".jpeg", ".png", ".heic"}


def collect_photos(source, day):
    picked = []
    for path in sorted(source.rglob("*")):
        if path.suffix.lower() not in PHOTO_EXTS or not path.is_file():
            continue
        taken = date.fromtimestamp(path.stat().st_mtime)
        if taken == day:
            picked.append(path)
    return picked


def stage(photos, share_dir):
    share_dir.mkdir(parents=True, exist_ok=True)
    for old in share_dir.iterdir():
        if old.is_file():
            old.unlink()
    for photo in photos:
        shutil.copy2(photo, share_dir / photo.name)
    index = share_dir / "index.txt"
    index.write_text("\n".join(p.name for p in photos) + "\n", encoding="utf-8")
    LOG.info("staged %d photos in %s", len(photos), share_dir)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


def serve(share_dir, port):
    handler = functools.partial(QuietHandler, directory=str(share_dir))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.TCPServer(("0.0.0.0", port), handler) as httpd:
        LOG.info("sharing %s on port %d", share_dir, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopping share")


def main():
    parser = argparse.ArgumentParser(description="Share harvest photos on the local network")
    parser.add_argument("--source", type=Path,
                        default=Path(os.environ.get("PHOTO_SOURCE", "~/Pictures/harvest")).expanduser())
    parser.add_argument("--day", type=date.fromisoformat, default=date.today())
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-serve", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not args.source.is_dir():
        LOG.error("photo source %s does not exist", args.source)
        return 1

    photos = collect_photos(args.source, args.day)
    if not photos:
        LOG.warning("no photos from %s found", args.day)
    stage(photos, SHARE_DIR)
    if not args.no_serve:
        serve(SHARE_DIR, args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
