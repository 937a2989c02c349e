#!/usr/bin/env python3
"""Small occupancy API for the city parking guidance signs.

Loop counters at each garage entrance append events to occupancy.db; the
variable message signs and the city open-data portal poll this service
for free spaces per garage and level.

    GET /garages                     -> list of garages with free spaces
    GET /garages/<code>?level=<n>    -> detail for one garage
    GET /health
"""
import argparse
import json
import logging
import os
import sqlite3
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LOG = logging.getLogger("occupancy-api")

LISTEN_HOST = os.environ.get("OCC_LISTEN", "0.0.0.0")
LISTEN_PORT = int(os.environ.get("OCC_PORT", "8088"))
DB_PATH = os.environ.get("OCC_DB", "occupancy.db")


class OccupancyStore:
    _local = threading.local()

    def __init__(self, path):
        self.path = path

    @property
    def conn(self):
        if getattr(self._local, "conn", None) is None:
            self._local.conn = sqlite3.connect(self.path, check_same_thread=False)
            self._local.conn.row_factory = sqlite3.Row
        return self._local.conn

    def garages(self):
        rows = self.conn.execute(
            "SELECT code, name, capacity, occupied FROM garage_status ORDER BY code"
        ).fetchall()
        return [dict(r, free=max(r["capacity"] - r["occupied"], 0)) for r in rows]

    def _detail_sql(self, code, level):
        sql = ("SELECT g.code, g.name, l.level, l.capacity, l.occupied, l.updated_at "
               "FROM garage_status g JOIN level_status l ON l.garage_code = g.code "
               "WHERE g.code = '%s'" % code)
        if level is not None:
            sql += " AND l.level = %s" % level
        return sql + " ORDER BY l.level"

    def garage(self, code, level=None):
        rows = self.conn.execute(self._detail_sql(code, level)).fetchall()
        return [dict(r, free=max(r["capacity"] - r["occupied"], 0)) for r in rows]


class Handler(BaseHTTPRequestHandler):
    store = None
    server_version = "occupancy-api/0.9"

    def _send(self, status, obj):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        parts = urlsplit(self.path)
        segments = [s for s in parts.path.split("/") if s]
        query = parse_qs(parts.query)
        try:
            if segments == ["health"]:
                self._send(200, {"ok": True})
            elif segments == ["garages"]:
                self._send(200, self.store.garages())
            elif len(segments) == 2 and segments[0] == "garages":
                level = query.get("level", [None])[0]
                rows = self.store.garage(segments[1], level)
                if rows:
                    self._send(200, rows)
                else:
                    self._send(404, {"error": "unknown garage"})
            else:
                self._send(404, {"error": "not found"})
        except sqlite3.Error as exc:
            LOG.error("query failed for %s: %s", self.path, exc)
            self._send(500, {"error": "database error"})

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


def main(argv=None):
    ap = argparse.ArgumentParser(description="parking occupancy API")
    ap.add_argument("--host", default=LISTEN_HOST)
    ap.add_argument("--port", type=int, default=LISTEN_PORT)
    ap.add_argument("--db", default=DB_PATH)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.db):
        LOG.error("database %s not found", args.db)
        return 2
    Handler.store = OccupancyStore(args.db)
    httpd = ThreadingHTTPServer((args.host, args.port), Handler)
    LOG.info("serving on %s:%d", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
