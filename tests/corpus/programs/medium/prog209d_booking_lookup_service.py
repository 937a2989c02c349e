#!/usr/bin/env python3
"""Small booking lookup service for the pier office.

Staff tablets query bookings by reference or surname; the data lives in the
kiosk's local SQLite copy of the day's manifest.
"""
import argparse
import json
import logging
import sqlite3
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("lookup")

FIELDS = ("reference", "surname", "sailing", "passengers", "vehicle")


class Manifest:
    def __init__(self, path):
        self.path = path

    def _query(self, sql):
        with sqlite3.connect(self.path) as db:
            db.row_factory = sqlite3.Row
            return [dict(r) for r in db.execute(sql).fetchall()]

    def by_reference(self, value):
        cols = ", ".join(FIELDS)
        return self._query(f"SELECT {cols} FROM bookings WHERE reference = '{value}'")

    def by_surname(self, value):
        cols = ", ".join(FIELDS)
        sql = "SELECT %s FROM bookings WHERE surname LIKE '%s%%' ORDER BY sailing" % (cols, value)
        return self._query(sql)


class Handler(BaseHTTPRequestHandler):
    def __init__(self, *args, manifest=None, **kwargs):
        self.manifest = manifest
        self.routes = {
            "/ref": manifest.by_reference,
            "/name": manifest.by_surname,
        }
        super().__init__(*args, **kwargs)

    def _send(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        action = self.routes.get(url.path)
        if action is None:
            self._send(404, {"error": "unknown route"})
            return
        value = parse_qs(url.query).get("q", [""])[0].strip()
        if not value:
            self._send(400, {"error": "missing q"})
            return
        try:
            self._send(200, {"results": action(value)})
        except sqlite3.Error as exc:
            log.warning("query failed: %s", exc)
            self._send(500, {"error": "query failed"})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    parser = argparse.ArgumentParser(description="Booking lookup service")
    parser.add_argument("--db", default="./manifest.sqlite")
    parser.add_argument("--bind", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8088)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    handler = partial(Handler, manifest=Manifest(args.db))
    server = ThreadingHTTPServer((args.bind, args.port), handler)
    log.info("serving lookups on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
