#!/usr/bin/env python3
"""Small search service over the seed library catalogue database.

Volunteers on the library network query varieties by name, crop or
sowing month from the tablet at the potting bench.
"""
import argparse
import json
import logging
import os
import sqlite3
import sys
from dataclasses import dataclass
from functools import wraps
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("catalog-api")

DB_PATH = os.environ.get("SEEDLIB_DB", "catalog.sqlite")


@dataclass
class Query:
    field: str
    value: str
    limit: int = 50


FIELDS = {"name": "variety", "crop": "crop", "month": "sow_month", "donor": "donor"}


def as_json(func):
    @wraps(func)
    def wrapper(handler, *args):
        try:
            status, payload = func(handler, *args)
        except sqlite3.Error as exc:
            log.error("db error: %s", exc)
            status, payload = 500, {"error": "database error"}
        body = json.dumps(payload).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)
    return wrapper


def build_sql(q: Query) -> str:
    column = FIELDS[q.field]
    clause = "{col} LIKE '%{val}%'".format(col=column, val=q.value)
    return f"SELECT variety, crop, sow_month, packets FROM seeds WHERE {clause} " \
           f"ORDER BY variety LIMIT {q.limit}"


def run_query(q: Query):
    with sqlite3.connect(DB_PATH) as conn:
        cur = conn.execute(build_sql(q))
        cols = [d[0] for d in cur.description]
        return [dict(zip(cols, row)) for row in cur.fetchall()]


class Handler(BaseHTTPRequestHandler):
    server_version = "SeedCatalog/1.2"

    @as_json
    def route_search(self, params):
        for key in FIELDS:
            if key in params:
                q = Query(key, params[key][0], int(params.get("limit", ["50"])[0]))
                return 200, {"results": run_query(q)}
        return 400, {"error": "use one of: " + ", ".join(FIELDS)}

    @as_json
    def route_health(self, params):
        return 200, {"ok": os.path.exists(DB_PATH)}

    routes = {"/search": "route_search", "/health": "route_health"}

    def do_GET(self):
        url = urlparse(self.path)
        name = self.routes.get(url.path)
        if name is None:
            self.send_error(404)
            return
        getattr(self, name)(parse_qs(url.query))

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seed catalogue search service")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not os.path.exists(DB_PATH):
        log.error("catalogue database %s not found", DB_PATH)
        return 1
    httpd = ThreadingHTTPServer((args.bind, args.port), Handler)
    log.info("serving catalogue on %s:%d", args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
