#!/usr/bin/env python3
"""Harvest licence register lookup service.

Serves read-only JSON lookups of the seaweed/shellfish harvest licence
register (licences.db) so fisheries officers can check a licence from
their phones on the shore:

    GET /licence/<licence_no>       licence, zones and this season's quota
    GET /zone/<zone_code>           active licences in a zone
    GET /healthz

Runs as whatever user starts it, on an unprivileged port; put it behind
the shed's reverse proxy for TLS.
"""
import argparse
import datetime as dt
import json
import logging
import re
import sqlite3
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("licreg")

ROUTE = re.compile(r"^/(licence|zone)/([A-Za-z0-9\-]{2,32})$")


class Register:
    def __init__(self, path):
        self.path = path

    def _conn(self):
        conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        return conn

    def licence(self, licence_no):
        season = dt.date.today().year
        with self._conn() as c:
            lic = c.execute("SELECT * FROM licences WHERE licence_no = ?", (licence_no,)).fetchone()
            if lic is None:
                return None
            zones = [r["zone_code"] for r in c.execute(
                "SELECT zone_code FROM zones WHERE licence_no = ?", (licence_no,))]
            quota = c.execute("SELECT dry_kg FROM quotas WHERE licence_no = ? AND season = ?",
                              (licence_no, season)).fetchone()
        out = dict(lic)
        out.update(zones=zones, season=season, quota_dry_kg=quota["dry_kg"] if quota else None)
        return out

    def zone(self, zone_code):
        today = dt.date.today().isoformat()
        with self._conn() as c:
            rows = c.execute(
                "SELECT l.licence_no, l.holder, l.expires FROM licences l "
                "JOIN zones z ON z.licence_no = l.licence_no "
                "WHERE z.zone_code = ? AND (l.expires IS NULL OR l.expires >= ?)",
                (zone_code, today)).fetchall()
        return [dict(r) for r in rows]


class Handler(BaseHTTPRequestHandler):
    register = None
    server_version = "licreg/2.1"

    def _json(self, code, body):
        data = json.dumps(body, default=str).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/healthz":
            return self._json(200, {"ok": True})
        m = ROUTE.match(self.path)
        if not m:
            return self._json(404, {"error": "not found"})
        kind, key = m.groups()
        try:
            result = self.register.licence(key) if kind == "licence" else self.register.zone(key)
        except sqlite3.Error as exc:
            log.error("db error: %s", exc)
            return self._json(500, {"error": "register unavailable"})
        if result is None:
            return self._json(404, {"error": f"no licence {key}"})
        return self._json(200, result)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main(argv=None):
    p = argparse.ArgumentParser(description="harvest licence register lookup service")
    p.add_argument("--db", default="licences.db")
    p.add_argument("--listen", default="0.0.0.0")
    p.add_argument("--port", type=int, default=8080)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    Handler.register = Register(args.db)
    try:
        httpd = ThreadingHTTPServer((args.listen, args.port), Handler)
    except OSError as exc:
        log.error("cannot start listener: %s", exc)
        return 1
    log.info("serving register %s on %s:%d", args.db, args.listen, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
