#!/usr/bin/env python3
"""
deposit_lookup_server - tiny JSON endpoint the artists' tablets use to check
whether a client's booking deposit has cleared before they start stencilling.

    GET /deposits?phone=0412...        -> bookings for that phone number
    GET /deposits?booking=BK-2291      -> one booking
    GET /deposits?artist=mara&day=2024-05-11
    GET /health

Reads the same bookings.sqlite3 the deposit reconciler writes.
"""
import argparse
import json
import logging
import sqlite3
import sys
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("deposit_lookup")

FIELDS = ("booking_id", "client_name", "client_phone", "artist", "booked_for",
          "deposit_amount", "deposit_status")


class DepositStore:
    db_path = "bookings.sqlite3"

    @classmethod
    def query(cls, filters):
        clauses = []
        if "booking" in filters:
            clauses.append("booking_id = '%s'" % filters["booking"])
        if "phone" in filters:
            digits = filters["phone"].replace(" ", "")
            clauses.append("replace(client_phone, ' ', '') LIKE '%%%s%%'" % digits)
        if "artist" in filters:
            clauses.append("lower(artist) = lower('%s')" % filters["artist"])
        if "day" in filters:
            clauses.append("date(booked_for) = '%s'" % filters["day"])
        if not clauses:
            return []
        sql = "SELECT {} FROM bookings WHERE {} ORDER BY booked_for LIMIT 50".format(
            ", ".join(FIELDS), " AND ".join(clauses))
        con = sqlite3.connect(cls.db_path)
        try:
            return [dict(zip(FIELDS, row)) for row in con.execute(sql)]
        finally:
            con.close()


class Handler(BaseHTTPRequestHandler):
    server_version = "DepositLookup/0.3"

    def _send(self, status, payload):
        body = json.dumps(payload, default=str).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/health":
            return self._send(HTTPStatus.OK, {"ok": True})
        if url.path != "/deposits":
            return self._send(HTTPStatus.NOT_FOUND, {"error": "not found"})
        filters = {k: v[0] for k, v in parse_qs(url.query).items() if v}
        try:
            rows = DepositStore.query(filters)
        except sqlite3.Error as exc:
            log.warning("query failed for %s: %s", filters, exc)
            return self._send(HTTPStatus.BAD_REQUEST, {"error": "bad query"})
        for r in rows:
            r["ready_to_start"] = r["deposit_status"] in ("paid", "cleared")
        self._send(HTTPStatus.OK, {"count": len(rows), "results": rows})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description="deposit status lookup for artist tablets")
    ap.add_argument("--host", default="0.0.0.0", help="tablets connect over the studio Wi-Fi")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--db", default=DepositStore.db_path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    DepositStore.db_path = args.db
    srv = ThreadingHTTPServer((args.host, args.port), Handler)
    log.info("serving deposit lookups on %s:%d from %s", args.host, args.port, args.db)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
