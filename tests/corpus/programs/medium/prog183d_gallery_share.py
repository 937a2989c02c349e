#!/usr/bin/env python3
"""Share the bouquet photo gallery with the wedding photographer on site.

During styled shoots the photographer's laptop pulls our arrangement photos
straight from the studio PC. This serves the chosen folder over HTTP and
prints the address to give them.
"""
import argparse
import functools
import http.server
import logging
import os
import socket
import socketserver
from pathlib import Path

log = logging.getLogger("gallery-share")

DEFAULT_DIR = Path(os.environ.get("PV_GALLERY", "~/Pictures/PetalVeil/styled_shoots")).expanduser()
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".heic", ".webp"}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s - %s", self.client_address[0], fmt % args)


def local_ip() -> str:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def count_images(folder: Path) -> int:
    return sum(1 for p in folder.rglob("*") if p.suffix.lower() in IMAGE_EXT)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", nargs="?", type=Path, default=DEFAULT_DIR)
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--bind", default="0.0.0.0")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = args.folder.expanduser().resolve()
    if not folder.is_dir():
        log.error("%s is not a folder", folder)
        return 1

    n = count_images(folder)
    handler = functools.partial(QuietHandler, directory=str(folder))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer((args.bind, args.port), handler) as httpd:
        log.info("sharing %d photos from %s", n, folder)
        log.info("give the photographer: http://%s:%d/", local_ip(), args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped sharing")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
