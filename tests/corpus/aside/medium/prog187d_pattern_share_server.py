#!/usr/bin/env python3
"""Share the pattern and template folder with the other benches.

Quick way for the apprentices to pull scroll templates and hook patterns
onto the tablet at their bench without a USB stick.
"""
import argparse
import functools
import http.server
import logging
import os
import socketserver
from pathlib import Path

log = logging.getLogger("pattern-share")

DEFAULT_DIR = Path(os.environ.get("PATTERN_DIR", "patterns"))
DEFAULT_PORT = int(os.environ.get("PATTERN_PORT", "8000"))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def summarise(folder: Path):
    counts = {}
    for p in folder.rglob("*"):
        if p.is_file():
            counts[p.suffix.lower() or "(none)"] = counts.get(p.suffix.lower() or "(none)", 0) + 1
    for ext, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        log.info("  %-8s %d files", ext, n)


def main():
    parser = argparse.ArgumentParser(description="Share the pattern folder over HTTP")
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--bind", default="0.0.0.0")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = args.dir.resolve()
    if not folder.is_dir():
        parser.error(f"{folder} is not a directory")

    log.info("sharing %s", folder)
    summarise(folder)

    handler = functools.partial(QuietHandler, directory=str(folder))
    with ThreadingServer((args.bind, args.port), handler) as httpd:
        log.info("serving on http://%s:%d/", args.bind, args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


if __name__ == "__main__":
    main()
