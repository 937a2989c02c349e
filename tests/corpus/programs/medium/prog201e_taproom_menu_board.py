#!/usr/bin/env python3
"""Taproom menu board.

Builds menu.html from taplist.csv and serves the menu folder so the TVs
behind the bar (and staff phones) can load it from the taproom network.
"""
import argparse
import csv
import functools
import html
import http.server
import logging
import socketserver
import sys
from pathlib import Path

LOG = logging.getLogger("menuboard")

SETTINGS = {
    "listen": "0.0.0.0",
    "port": 8080,
    "menu_dir": "menu",
    "taplist": "taplist.csv",
}

ROW = "<tr><td>{tap}</td><td>{name}</td><td>{style}</td><td>{abv}%</td><td>{price}</td></tr>"
PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="120"><title>On Tap</title></head>
<body><h1>On Tap</h1><table>{rows}</table></body></html>"""


class TapList:
    def __init__(self, path):
        self.path = Path(path)

    def rows(self):
        try:
            with self.path.open(newline="") as fh:
                for rec in csv.DictReader(fh):
                    if rec.get("status", "on") != "on":
                        continue
                    yield {k: html.escape(rec.get(k, "")) for k in
                           ("tap", "name", "style", "abv", "price")}
        except OSError as exc:
            LOG.error("cannot read taplist: %s", exc)


def build(taplist, menu_dir):
    out = Path(menu_dir)
    out.mkdir(exist_ok=True)
    rows = "\n".join(ROW.format(**r) for r in taplist.rows())
    (out / "menu.html").write_text(PAGE.format(rows=rows))
    LOG.info("menu.html rebuilt")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.debug("%s - %s", self.client_address[0], fmt % args)


def serve(menu_dir, host, port):
    handler = functools.partial(QuietHandler, directory=menu_dir)
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer((host, port), handler) as httpd:
        LOG.info("serving %s on %s:%d", menu_dir, host, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopped")


def main(argv=None):
    p = argparse.ArgumentParser(description="taproom menu board")
    p.add_argument("--taplist", default=SETTINGS["taplist"])
    p.add_argument("--menu-dir", default=SETTINGS["menu_dir"])
    p.add_argument("--port", type=int, default=SETTINGS["port"])
    p.add_argument("--build-only", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    build(TapList(args.taplist), args.menu_dir)
    if args.build_only:
        return 0
    try:
        serve(args.menu_dir, SETTINGS["listen"], args.port)
    except OSError as exc:
        LOG.error("cannot listen on %d: %s", args.port, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
