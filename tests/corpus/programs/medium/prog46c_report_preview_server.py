#!/usr/bin/env python3
"""Serve the Playwright HTML report and trace files so colleagues on the
office network can open them from their own machines during triage."""
import argparse
import functools
import http.server
import logging
import mimetypes
import os
import socketserver
import sys
from pathlib import Path

logger = logging.getLogger("report-preview")

mimetypes.add_type("application/zip", ".zip")
mimetypes.add_type("application/json", ".har")


class ReportHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".webm": "video/webm", ".trace": "application/octet-stream"}

    def end_headers(self):
        # Playwright trace viewer needs these for SharedArrayBuffer
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, fmt, *args):
        logger.info("%s - %s", self.address_string(), fmt % args)


class ThreadedServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def find_report_dir(candidates):
    for c in candidates:
        p = Path(c)
        if (p / "index.html").is_file():
            return p.resolve()
    return None


def describe(root: Path):
    traces = list(root.rglob("*.zip"))
    videos = list(root.rglob("*.webm"))
    size = sum(f.stat().st_size for f in root.rglob("*") if f.is_file())
    return len(traces), len(videos), size / 1_048_576


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("directory", nargs="?", help="report directory (auto-detected if omitted)")
    ap.add_argument("--host", default=os.environ.get("PREVIEW_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", "9323")))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.directory).resolve() if args.directory else find_report_dir(
        ["playwright-report", "test-results/html", "reports/e2e"])
    if root is None or not root.is_dir():
        logger.error("no report directory found; run the suite first")
        return 1

    traces, videos, mb = describe(root)
    logger.info("serving %s (%d traces, %d videos, %.1f MiB)", root, traces, videos, mb)

    handler = functools.partial(ReportHandler, directory=str(root))
    with ThreadedServer((args.host, args.port), handler) as httpd:
        logger.info("open http://%s:%d/ from any machine on the LAN", args.host, args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            logger.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
