#!/usr/bin/env python3
"""Small results service for the juggling games (endurance, numbers, combat).

Stores results in results.db and answers lookups from the announcer's
tablet over HTTP.
"""
import argparse
import json
import logging
import sqlite3
import sys
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("results-db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY,
    event TEXT, juggler TEXT, country TEXT, score REAL
)
"""


class Store:
    def __init__(self, path):
        self.conn = sqlite3.connect(path, check_same_thread=False)
        self.conn.execute(SCHEMA)

    def add(self, event, juggler, country, score):
        self.conn.execute(
            "INSERT INTO results (event, juggler, country, score) VALUES (?, ?, ?, ?)",
            (event, juggler, country, float(score)))
        self.conn.commit()

    def _where(self, filters):
        parts = [f"{col} = '{val}'" for col, val in filters.items()]
        return (" WHERE " + " AND ".join(parts)) if parts else ""

    def query(self, filters, order="score DESC", limit=20):
        sql = "SELECT event, juggler, country, score FROM results"
        sql += self._where(filters) + f" ORDER BY {order} LIMIT {int(limit)}"
        log.debug("sql: %s", sql)
        return [dict(zip(("event", "juggler", "country", "score"), r))
                for r in self.conn.execute(sql)]


ALLOWED = ("event", "juggler", "country")


class Handler(BaseHTTPRequestHandler):
    def __init__(self, store, *a, **kw):
        self.store = store
        super().__init__(*a, **kw)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path != "/results":
            self.send_error(404)
            return
        qs = {k: v[0] for k, v in parse_qs(url.query).items()}
        filters = {k: qs[k] for k in ALLOWED if k in qs}
        try:
            rows = self.store.query(filters, limit=qs.get("limit", 20))
        except (sqlite3.Error, ValueError) as exc:
            self.send_error(400, str(exc))
            return
        body = json.dumps(rows).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)


def cmd_serve(store, args):
    httpd = ThreadingHTTPServer(("0.0.0.0", args.port), partial(Handler, store))
    log.info("serving results on port %d", args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        httpd.server_close()


def cmd_add(store, args):
    store.add(args.event, args.juggler, args.country, args.score)
    log.info("recorded %s / %s", args.event, args.juggler)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Juggling games results")
    ap.add_argument("--db", default="results.db")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("serve"); s.add_argument("--port", type=int, default=8088)
    a = sub.add_parser("add")
    for name in ("event", "juggler", "country"):
        a.add_argument(name)
    a.add_argument("score", type=float)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    handlers = {"serve": cmd_serve, "add": cmd_add}
    handlers[args.cmd](Store(args.db), args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
