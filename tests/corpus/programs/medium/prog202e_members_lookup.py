#!/usr/bin/env python3
"""Small lookup service for the compost scheme's member register.

Hub volunteers look up a member's caddy number and collection day from the
tablet at the drop point.
"""
import argparse
import json
import logging
import sqlite3
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("memberlookup")

FIELDS = ("name", "caddy", "day", "postcode")


class Register:
    def __init__(self, path):
        self.path = path

    def _conn(self):
        conn = sqlite3.connect(self.path)
        conn.row_factory = sqlite3.Row
        return conn

    def search(self, column, term):
        if column not in FIELDS:
            raise ValueError(f"unknown field {column}")
        sql = "SELECT {cols} FROM members WHERE {col} LIKE '%{term}%' ORDER BY name".format(
            cols=", ".join(FIELDS), col=column, term=term
        )
        with self._conn() as conn:
            return [dict(r) for r in conn.execute(sql).fetchall()]

    def count(self):
        with self._conn() as conn:
            return conn.execute("SELECT COUNT(*) FROM members").fetchone()[0]


class LookupHandler(BaseHTTPRequestHandler):
    def __init__(self, register, *a, **kw):
        self.register = register
        super().__init__(*a, **kw)

    def _reply(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        qs = {k: v[0] for k, v in parse_qs(url.query).items()}
        route = {"/find": self._find, "/health": self._health}.get(url.path)
        if route is None:
            self._reply(404, {"error": "no such endpoint"})
            return
        try:
            route(qs)
        except (ValueError, sqlite3.Error) as exc:
            self._reply(400, {"error": str(exc)})

    def _find(self, qs):
        column = qs.get("by", "name")
        term = qs.get("q", "")
        self._reply(200, {"results": self.register.search(column, term)})

    def _health(self, _qs):
        self._reply(200, {"members": self.register.count()})


def main():
    ap = argparse.ArgumentParser(description="member register lookup service")
    ap.add_argument("--db", default="members.sqlite")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8088)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    handler = partial(LookupHandler, Register(args.db))
    server = ThreadingHTTPServer((args.host, args.port), handler)
    log.info("listening on %s:%d", args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
