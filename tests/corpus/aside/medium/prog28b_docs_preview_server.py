#!/usr/bin/env python3
"""Serve a built documentation tree so teammates can review it.

The handler class is configured through functools.partial and a small
mixin hierarchy (no-cache headers, quieter logging).  Listens on all
interfaces so the preview can be opened from other machines on the LAN.
"""
from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("preview")

DEFAULT_BIND = "0.0.0.0"
DEFAULT_PORT = 8008


class NoCacheMixin:
    def end_headers(self):
        self.send_header("Cache-Control", "no-store, max-age=0")
        self.send_header("X-Preview", "1")
        super().end_headers()


class QuietLogMixin:
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


class PreviewHandler(NoCacheMixin, QuietLogMixin, SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "application/javascript",
        ".svg": "image/svg+xml",
        ".woff2": "font/woff2",
    }

    def send_head(self):
        # serve index.html for "pretty" URLs without a trailing slash
        path = Path(self.translate_path(self.path))
        if not path.exists() and path.with_suffix(".html").exists():
            self.path = self.path.rstrip("/") + ".html"
        return super().send_head()


class PreviewServer:
    def __init__(self, root: Path, bind: str, port: int):
        self.root = root.resolve()
        handler = partial(PreviewHandler, directory=str(self.root))
        self.httpd = ThreadingHTTPServer((bind, port), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self):
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/"

    def __enter__(self):
        self.thread.start()
        log.info("serving %s at %s", self.root, self.url)
        return self

    def __exit__(self, *exc):
        log.info("shutting down")
        self.httpd.shutdown()
        self.httpd.server_close()
        return False


def find_build_dir(candidates):
    for cand in candidates:
        p = Path(cand)
        if (p / "index.html").is_file():
            return p
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?", help="directory to serve")
    parser.add_argument("--bind", default=os.environ.get("PREVIEW_BIND", DEFAULT_BIND))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = Path(args.root) if args.root else find_build_dir(
        ["docs/_build/html", "site", "build/docs", "public"])
    if root is None or not root.is_dir():
        log.error("no built docs found; run the docs build first")
        return 2

    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())

    try:
        with PreviewServer(root, args.bind, args.port):
            stop.wait()
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
