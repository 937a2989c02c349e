#!/usr/bin/env python3
"""Share the size charts with the counter tablets.

The counter tablets show size charts and care labels as PDFs.  Rather than
copy them to each tablet, the stockroom PC serves the charts folder over the
shop Wi-Fi for the day.
"""
import argparse
import functools
import http.server
import logging
import os
import socketserver
from pathlib import Path

LOG = logging.getLogger("size-share")

CHARTS_DIR = Path(os.environ.get("SIZE_CHARTS_DIR", "size_charts"))
LISTEN = os.environ.get("SIZE_SHARE_ADDR", "0.0.0.0")
PORT = int(os.environ.get("SIZE_SHARE_PORT", "8000"))

EXTRA_TYPES = {
    ".pdf": "application/pdf",
    ".webp": "image/webp",
    ".svg": "image/svg+xml",
}


class ChartHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      **EXTRA_TYPES}

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=300")
        super().end_headers()


class ReusableServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    allow_reuse_address = True
    daemon_threads = True


def chart_summary(directory):
    files = sorted(p for p in directory.rglob("*") if p.is_file())
    by_ext = {}
    for p in files:
        by_ext[p.suffix.lower()] = by_ext.get(p.suffix.lower(), 0) + 1
    return len(files), by_ext


def main():
    parser = argparse.ArgumentParser(description="Serve size charts to tablets")
    parser.add_argument("--dir", type=Path, default=CHARTS_DIR)
    parser.add_argument("--bind", default=LISTEN)
    parser.add_argument("--port", type=int, default=PORT)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.dir.is_dir():
        raise SystemExit(f"{args.dir} is not a folder")
    total, by_ext = chart_summary(args.dir)
    LOG.info("sharing %d files from %s (%s)", total, args.dir,
             ", ".join(f"{k or 'none'}:{v}" for k, v in sorted(by_ext.items())))

    handler = functools.partial(ChartHandler, directory=str(args.dir.resolve()))
    with ReusableServer((args.bind, args.port), handler) as httpd:
        LOG.info("tablets can open http://<this-pc>:%d/", args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopped sharing")


if __name__ == "__main__":
    main()
