#!/usr/bin/env python3
"""Share the week's horse photos with owners visiting the yard.

Owners on the yard wifi can open http://<office-pc>:8088/ on their phone and
download the photos of their horse from the weekly photo shoot folder.
"""
import argparse
import functools
import http.server
import logging
import os
import socketserver
from pathlib import Path

LOG = logging.getLogger("photo-share")

PHOTO_ROOT = Path(os.environ.get("PHOTO_ROOT", "~/livery/photos")).expanduser()
LISTEN_ADDR = os.environ.get("PHOTO_LISTEN", "0.0.0.0")
LISTEN_PORT = int(os.environ.get("PHOTO_PORT", "8088"))
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".heic"}


def latest_week(root):
    weeks = sorted((p for p in root.iterdir() if p.is_dir()), reverse=True)
    if not weeks:
        raise SystemExit(f"no photo folders under {root}")
    return weeks[0]


def index_photos(folder):
    counts = {}
    for p in folder.rglob("*"):
        if p.suffix.lower() in IMAGE_EXT:
            horse = p.parent.name
            counts[horse] = counts.get(horse, 0) + 1
    return counts


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Directory listing handler that logs through the logging module."""

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


class ThreadedServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(folder, addr, port):
    handler = functools.partial(QuietHandler, directory=str(folder))
    with ThreadedServer((addr, port), handler) as httpd:
        LOG.info("sharing %s on http://%s:%d/", folder, addr, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopped")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=PHOTO_ROOT)
    parser.add_argument("--week", help="folder name, default latest")
    parser.add_argument("--addr", default=LISTEN_ADDR)
    parser.add_argument("--port", type=int, default=LISTEN_PORT)
    parser.add_argument("--list", action="store_true", help="only list horses")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = args.root / args.week if args.week else latest_week(args.root)
    counts = index_photos(folder)
    for horse, n in sorted(counts.items()):
        print(f"{horse:<20} {n:>3} photos")
    if args.list:
        return
    serve(folder, args.addr, args.port)


if __name__ == "__main__":
    main()
