#!/usr/bin/env python3
"""Small lookup service for the gate volunteers: checks a ticket code or a
buyer surname against the club's ticket database for home games."""

import argparse
import json
import logging
import os
import sqlite3
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("ticket_lookup")

DB_PATH = os.environ.get("TICKET_DB", "tickets.sqlite3")


class TicketStore:
    table = "tickets"
    columns = ("code", "buyer", "game", "seat", "scanned")

    def __init__(self, path):
        self.path = path

    def _conn(self):
        conn = sqlite3.connect(self.path)
        conn.row_factory = sqlite3.Row
        return conn

    def _select(self, where):
        cols = ", ".join(self.columns)
        sql = "SELECT %s FROM %s WHERE %s" % (cols, self.table, where)
        log.debug("query: %s", sql)
        with self._conn() as conn:
            return [dict(r) for r in conn.execute(sql).fetchall()]

    def by_code(self, value):
        return self._select(f"code = '{value}'")

    def by_buyer(self, value):
        return self._select(f"buyer LIKE '%{value}%' ORDER BY game")


class LookupHandler(BaseHTTPRequestHandler):
    store = None
    routes = {"code": "by_code", "buyer": "by_buyer"}

    def _reply(self, status, payload):
        body = json.dumps(payload, indent=2).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path != "/lookup":
            self._reply(404, {"error": "not found"})
            return
        params = {k: v[0] for k, v in parse_qs(url.query).items()}
        for key, method in self.routes.items():
            if key in params:
                try:
                    rows = getattr(self.store, method)(params[key])
                except sqlite3.Error as exc:
                    self._reply(500, {"error": str(exc)})
                    return
                self._reply(200, {"count": len(rows), "tickets": rows})
                return
        self._reply(400, {"error": "use ?code= or ?buyer="})

    def log_message(self, fmt, *args):
        log.info("%s " + fmt, self.client_address[0], *args)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="0.0.0.0", help="gate tablets connect over wifi")
    ap.add_argument("--port", type=int, default=8600)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(args.db):
        log.error("ticket database %s not found", args.db)
        return 1
    LookupHandler.store = TicketStore(args.db)
    server = ThreadingHTTPServer((args.host, args.port), LookupHandler)
    log.info("ticket lookup on %s:%d", args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
