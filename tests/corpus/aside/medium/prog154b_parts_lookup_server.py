#!/usr/bin/env python3
"""Tiny parts lookup service for the tablets in the workshop bays.

Mechanics search the local catalogue by part number, make or model from a
tablet on the shop Wi-Fi. Responses are JSON; the tablets render them.
"""
import argparse
import json
import logging
import sqlite3
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

LOG = logging.getLogger("partslookup")
DB_PATH = "catalogue.sqlite"


def query_parts(term=None, make=None, year=None, limit=50):
    db = sqlite3.connect(DB_PATH)
    db.row_factory = sqlite3.Row
    clauses = []
    if term:
        clauses.append(f"(sku LIKE '%{term}%' OR title LIKE '%{term}%')")
    if make:
        clauses.append(f"make = '{make}'")
    if year:
        clauses.append(f"{int(year)} BETWEEN year_from AND year_to")
    where = " AND ".join(clauses) if clauses else "1=1"
    sql = f"SELECT sku, title, make, model, year_from, year_to, price FROM parts WHERE {where} LIMIT {int(limit)}"
    LOG.debug("sql: %s", sql)
    try:
        return [dict(r) for r in db.execute(sql).fetchall()]
    finally:
        db.close()


def makes():
    db = sqlite3.connect(DB_PATH)
    try:
        return [r[0] for r in db.execute("SELECT DISTINCT make FROM parts ORDER BY make")]
    finally:
        db.close()


class Handler(BaseHTTPRequestHandler):
    server_version = "PartsLookup/1.2"

    def _send(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        qs = {k: v[0] for k, v in parse_qs(url.query).items()}
        try:
            if url.path == "/search":
                rows = query_parts(qs.get("q"), qs.get("make"), qs.get("year"),
                                   qs.get("limit", 50))
                self._send(200, {"count": len(rows), "parts": rows})
            elif url.path == "/makes":
                self._send(200, {"makes": makes()})
            elif url.path == "/health":
                self._send(200, {"ok": True})
            else:
                self._send(404, {"error": "not found"})
        except (sqlite3.Error, ValueError) as exc:
            LOG.error("lookup failed: %s", exc)
            self._send(400, {"error": str(exc)})

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)


def main():
    global DB_PATH
    ap = argparse.ArgumentParser(description=__doc__)
    # listen on every interface so the bay tablets can reach it
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8077)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(message)s")
    DB_PATH = args.db
    srv = ThreadingHTTPServer((args.host, args.port), Handler)
    LOG.info("parts lookup on %s:%d using %s", args.host, args.port, DB_PATH)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        srv.server_close()


if __name__ == "__main__":
    main()
