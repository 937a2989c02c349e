#!/usr/bin/env python3
"""Small JSON API behind the workshop's service ticket board.

The wall display in the back room and the bench tablets poll this for the
list of open repair tickets and post status changes (received -> assessed
-> awaiting parts -> in work -> regulating -> ready -> collected).

    GET  /tickets?status=in_work
    GET  /tickets/<id>
    POST /tickets/<id>/status   {"status": "ready", "by": "MK"}
"""
import argparse
import json
import logging
import re
import sqlite3
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("ticketboard")

STATUSES = ("received", "assessed", "awaiting_parts", "in_work",
            "regulating", "ready", "collected")
ROUTE_ONE = re.compile(r"^/tickets/(\d+)$")
ROUTE_STATUS = re.compile(r"^/tickets/(\d+)/status$")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tickets (
    id INTEGER PRIMARY KEY, customer TEXT, item TEXT, calibre TEXT,
    status TEXT DEFAULT 'received', bench TEXT, promised TEXT, updated TEXT);
CREATE TABLE IF NOT EXISTS history (
    ticket_id INTEGER, status TEXT, by TEXT, at TEXT DEFAULT CURRENT_TIMESTAMP);
"""


class TicketStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path, check_same_thread=False)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)
        self.lock = threading.Lock()

    def list(self, status=None):
        sql = "SELECT * FROM tickets"
        params = ()
        if status:
            sql += " WHERE status = ?"
            params = (status,)
        sql += " ORDER BY promised IS NULL, promised, id"
        with self.lock:
            return [dict(r) for r in self.conn.execute(sql, params)]

    def get(self, ticket_id):
        with self.lock:
            row = self.conn.execute("SELECT * FROM tickets WHERE id = ?", (ticket_id,)).fetchone()
        return dict(row) if row else None

    def set_status(self, ticket_id, status, by):
        with self.lock, self.conn:
            cur = self.conn.execute(
                "UPDATE tickets SET status = ?, updated = CURRENT_TIMESTAMP WHERE id = ?",
                (status, ticket_id))
            if cur.rowcount:
                self.conn.execute("INSERT INTO history (ticket_id, status, by) VALUES (?, ?, ?)",
                                  (ticket_id, status, by))
            return cur.rowcount > 0


class Handler(BaseHTTPRequestHandler):
    store = None
    server_version = "TicketBoard/2.1"

    def _json(self, code, payload):
        body = json.dumps(payload, default=str).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/tickets":
            status = parse_qs(url.query).get("status", [None])[0]
            return self._json(HTTPStatus.OK, self.store.list(status))
        m = ROUTE_ONE.match(url.path)
        if m:
            t = self.store.get(int(m.group(1)))
            return self._json(HTTPStatus.OK if t else HTTPStatus.NOT_FOUND, t or {"error": "no such ticket"})
        self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})

    def do_POST(self):
        m = ROUTE_STATUS.match(urlparse(self.path).path)
        if not m:
            return self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})
        try:
            length = int(self.headers.get("Content-Length", 0))
            data = json.loads(self.rfile.read(min(length, 4096)) or b"{}")
        except (ValueError, json.JSONDecodeError):
            return self._json(HTTPStatus.BAD_REQUEST, {"error": "bad json"})
        status = data.get("status")
        if status not in STATUSES:
            return self._json(HTTPStatus.BAD_REQUEST, {"error": f"status must be one of {STATUSES}"})
        ok = self.store.set_status(int(m.group(1)), status, str(data.get("by", "?"))[:8])
        self._json(HTTPStatus.OK if ok else HTTPStatus.NOT_FOUND, {"updated": ok})


def main(argv=None):
    ap = argparse.ArgumentParser(description="Service ticket board API")
    ap.add_argument("--db", default="tickets.sqlite")
    ap.add_argument("--listen", default="0.0.0.0",
                    help="address for the wall display and tablets to reach")
    ap.add_argument("--port", type=int, default=8450)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    Handler.store = TicketStore(args.db)
    httpd = ThreadingHTTPServer((args.listen, args.port), Handler)
    log.info("ticket board API on %s:%d", args.listen, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
