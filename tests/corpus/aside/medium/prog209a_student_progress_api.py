#!/usr/bin/env python3
"""Small progress API for the school's training logbook.

Instructors query a student's logged exercises (ground handling, first
flights, top landings...) from the tablets on the training hill.
"""
import argparse
import json
import logging
import sqlite3
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

log = logging.getLogger("progress")

SCHEMA = """
CREATE TABLE IF NOT EXISTS exercises (
    id INTEGER PRIMARY KEY,
    student TEXT NOT NULL,
    exercise TEXT NOT NULL,
    instructor TEXT,
    logged_on TEXT
)
"""


class Store:
    def __init__(self, path: str):
        self.path = path
        with sqlite3.connect(path) as db:
            db.execute(SCHEMA)

    def _query(self, sql: str):
        with sqlite3.connect(self.path) as db:
            db.row_factory = sqlite3.Row
            return [dict(r) for r in db.execute(sql).fetchall()]

    def by_student(self, name: str, exercise: str = ""):
        clause = "student = '{}'".format(name)
        if exercise:
            clause += " AND exercise LIKE '%{}%'".format(exercise)
        return self._query("SELECT * FROM exercises WHERE " + clause + " ORDER BY logged_on")

    def summary(self, _name: str = "", _exercise: str = ""):
        return self._query("SELECT student, COUNT(*) AS n FROM exercises GROUP BY student")


class Handler(BaseHTTPRequestHandler):
    def __init__(self, store: Store, *a, **kw):
        self.store = store
        super().__init__(*a, **kw)

    def do_GET(self):
        url = urlparse(self.path)
        qs = {k: v[0] for k, v in parse_qs(url.query).items()}
        routes = {"/student": self.store.by_student, "/summary": self.store.summary}
        fn = routes.get(url.path)
        if fn is None:
            return self._reply(404, {"error": "unknown route"})
        try:
            rows = fn(qs.get("name", ""), qs.get("exercise", ""))
        except sqlite3.Error as exc:
            log.warning("query failed: %s", exc)
            return self._reply(400, {"error": "query failed"})
        self._reply(200, rows)

    def _reply(self, code: int, payload) -> None:
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s - %s", self.client_address[0], fmt % args)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="logbook.sqlite3")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8081)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    store = Store(args.db)
    server = ThreadingHTTPServer((args.host, args.port), partial(Handler, store))
    log.info("progress API on http://%s:%d", args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
