#!/usr/bin/env python3
"""Loyalty balance kiosk backend - local preview.

The customer-facing tablet on the counter runs a browser in kiosk mode.
Customers scan their loyalty card and see their points, tier and the feed
offers they qualify for. This serves the tiny JSON API and the single HTML
page for that, on a high port, so staff can try new offers and kiosk.html
changes on the back-office PC at http://localhost:8080/ before they go live.
"""
import argparse
import json
import logging
import os
import re
import sqlite3
import sys
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("kiosk")

CARD_RE = re.compile(r"^/api/card/(\d{8,16})$")
PAGE = Path(__file__).with_name("kiosk.html")


class KioskHandler(BaseHTTPRequestHandler):
    server_version = "TackKiosk/1.3-preview"
    db_path = "loyalty.db"

    def _json(self, status, payload):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _lookup(self, card_no):
        con = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True)
        con.row_factory = sqlite3.Row
        try:
            m = con.execute("SELECT first_name, points, tier FROM loyalty_members "
                            "WHERE card_no = ? AND active = 1", (card_no,)).fetchone()
            if m is None:
                return None
            offers = con.execute("SELECT title, min_points FROM offers "
                                 "WHERE min_points <= ? AND live = 1 ORDER BY min_points DESC",
                                 (m["points"],)).fetchall()
            return {"name": m["first_name"], "points": m["points"], "tier": m["tier"],
                    "offers": [dict(o) for o in offers]}
        finally:
            con.close()

    def do_GET(self):
        if self.path in ("/", "/index.html"):
            body = PAGE.read_bytes() if PAGE.exists() else b"<h1>Scan your card</h1>"
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        m = CARD_RE.match(self.path)
        if not m:
            self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})
            return
        try:
            result = self._lookup(m.group(1))
        except sqlite3.Error as exc:
            log.error("db error: %s", exc)
            self._json(HTTPStatus.SERVICE_UNAVAILABLE, {"error": "try again"})
            return
        if result is None:
            self._json(HTTPStatus.NOT_FOUND, {"error": "card not recognised"})
        else:
            self._json(HTTPStatus.OK, result)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


class KioskServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main(argv=None):
    ap = argparse.ArgumentParser(description="Loyalty kiosk local preview")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--db", default="loyalty.db")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    KioskHandler.db_path = os.path.abspath(args.db)
    try:
        srv = KioskServer((args.host, args.port), KioskHandler)
    except OSError as exc:
        log.error("cannot start kiosk server: %s", exc)
        return 1
    log.info("kiosk listening on http://%s:%d/", args.host, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
