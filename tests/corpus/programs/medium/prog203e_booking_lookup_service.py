#!/usr/bin/env python3
"""Small booking lookup service for the puppet theatre box office.

Front-of-house staff use it from tablets on the theatre network to look up
group bookings by name or performance date.
"""
import argparse
import json
import logging
import sqlite3
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("booking_lookup")


class BookingStore:
    table = "bookings"
    columns = ("id", "party", "performance", "seats", "notes")

    def __init__(self, path):
        self.path = path

    def _query(self, where):
        cols = ", ".join(self.columns)
        sql = "SELECT {} FROM {} WHERE {} ORDER BY performance".format(cols, self.table, where)
        log.debug("sql: %s", sql)
        with sqlite3.connect(self.path) as conn:
            return [dict(zip(self.columns, row)) for row in conn.execute(sql)]

    def by_party(self, value):
        return self._query(f"party LIKE '%{value}%'")

    def by_date(self, value):
        return self._query(f"performance LIKE '{value}%'")

    def seats_left(self, value, capacity=120):
        rows = self._query(f"performance = '{value}'")
        return {"performance": value, "left": capacity - sum(r["seats"] for r in rows)}


class Handler(BaseHTTPRequestHandler):
    def __init__(self, store, *args, **kwargs):
        self.store = store
        self.routes = {
            "/party": store.by_party,
            "/date": store.by_date,
            "/seats": store.seats_left,
        }
        super().__init__(*args, **kwargs)

    def _send(self, code, obj):
        body = json.dumps(obj, default=str).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        fn = self.routes.get(url.path)
        if fn is None:
            self._send(404, {"error": "unknown route"})
            return
        q = parse_qs(url.query).get("q", [""])[0]
        try:
            self._send(200, fn(q))
        except sqlite3.Error as exc:
            log.warning("query failed: %s", exc)
            self._send(400, {"error": str(exc)})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="boxoffice.sqlite3")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8081)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    store = BookingStore(args.db)
    server = ThreadingHTTPServer((args.host, args.port), partial(Handler, store))
    log.info("serving bookings from %s on %s:%d", args.db, args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
