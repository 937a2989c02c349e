#!/usr/bin/env python3
"""Lookbook preview server.

During design reviews the costume designer shares the current lookbook
(renderings, fabric photos, mood boards) so the director and the chorus
master can browse it from their own laptops in the rehearsal room.
"""
import argparse
import functools
import http.server
import logging
import socket
import sys
from pathlib import Path

log = logging.getLogger("lookbook")

SETTINGS = {
    "directory": "lookbook",
    "interface": "0.0.0.0",
    "port": 8000,
}
PREVIEW_TYPES = {".jpg", ".jpeg", ".png", ".pdf", ".html"}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def summarise(directory):
    root = Path(directory)
    counts = {}
    for path in root.rglob("*"):
        if path.is_file() and path.suffix.lower() in PREVIEW_TYPES:
            counts[path.suffix.lower()] = counts.get(path.suffix.lower(), 0) + 1
    return counts


def local_address():
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def build_server(directory, interface, port):
    handler = functools.partial(QuietHandler, directory=directory)
    return http.server.ThreadingHTTPServer((interface, port), handler)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Share the lookbook for a design review")
    parser.add_argument("directory", nargs="?", default=SETTINGS["directory"])
    parser.add_argument("--port", type=int, default=SETTINGS["port"])
    parser.add_argument("--interface", default=SETTINGS["interface"])
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not Path(args.directory).is_dir():
        log.error("lookbook directory %s not found", args.directory)
        return 1
    counts = summarise(args.directory)
    if not counts:
        log.warning("lookbook looks empty")
    for ext, n in sorted(counts.items()):
        log.info("%5d %s files", n, ext)

    try:
        server = build_server(args.directory, args.interface, args.port)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.interface, args.port, exc)
        return 1
    log.info("lookbook at http://%s:%d/", local_address(), args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("review over, stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
