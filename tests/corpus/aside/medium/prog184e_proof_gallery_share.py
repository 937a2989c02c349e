#!/usr/bin/env python3
"""Share the day's mock-up proofs with the showroom tablets.

Serves the proofs folder over plain HTTP so the sales staff can show a
customer what their piece looks like in each moulding.
"""
import argparse
import functools
import http.server
import importlib
import logging
import os
from datetime import date
from pathlib import Path

log = logging.getLogger("proof-share")

PROOFS = Path(os.environ.get("PROOF_DIR", Path.home() / "Proofs"))


def todays_folder(base: Path) -> Path:
    folder = base / date.today().isoformat()
    return folder if folder.is_dir() else base


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".webp": "image/webp",
    }

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def server_class(threaded: bool):
    mod = importlib.import_module("http.server")
    name = "Threading" + "HTTPServer" if threaded else "HTTP" + "Server"
    return getattr(mod, name)


def listen_address() -> tuple:
    host = os.environ.get("PROOF_BIND", ".".join(["0"] * 4))
    port = int(os.environ.get("PROOF_PORT", "8000"))
    return host, port


def serve(folder: Path, threaded: bool = True):
    handler = functools.partial(QuietHandler, directory=str(folder))
    addr = listen_address()
    with server_class(threaded)(addr, handler) as httpd:
        log.info("sharing %s on http://%s:%d/", folder, *addr)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main():
    parser = argparse.ArgumentParser(description="Share proofs with the showroom")
    parser.add_argument("--dir", type=Path, default=PROOFS)
    parser.add_argument("--all", action="store_true", help="share every day, not just today")
    parser.add_argument("--single", action="store_true", help="single-threaded server")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = args.dir if args.all else todays_folder(args.dir)
    if not folder.is_dir():
        log.error("no proofs folder at %s", folder)
        return 1
    serve(folder, threaded=not args.single)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
