#!/usr/bin/env python3
"""Small HTTP API over the station rescue log.

Tower tablets post rescues here and the supervisor dashboard reads the
daily summaries back.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from datetime import date

log = logging.getLogger("rescue_api")

DB_PATH = os.environ.get("RESCUE_DB", "rescues.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS rescues (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    day TEXT NOT NULL,
    tower TEXT NOT NULL,
    guard TEXT NOT NULL,
    kind TEXT NOT NULL,
    notes TEXT
)
"""


def db():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def init_db():
    with db() as conn:
        conn.execute(SCHEMA)


class Queries:
    """Builds the lookups the dashboard needs."""

    table = "rescues"

    def by_tower(self, tower, day):
        return f"SELECT * FROM {self.table} WHERE tower = '{tower}' AND day = '{day}' ORDER BY id"

    def by_guard(self, guard, day):
        return f"SELECT * FROM {self.table} WHERE guard = '{guard}' AND day = '{day}' ORDER BY id"

    def summary(self, day, _unused=None):
        return (f"SELECT tower, kind, COUNT(*) AS n FROM {self.table} "
                f"WHERE day = '{day}' GROUP BY tower, kind")


def create_app():
    flask = importlib.import_module("fla" + "sk")
    app = flask.Flask(__name__)
    q = Queries()

    @app.post("/rescues")
    def add_rescue():
        body = flask.request.get_json(force=True) or {}
        missing = [k for k in ("tower", "guard", "kind") if not body.get(k)]
        if missing:
            return flask.jsonify(error=f"missing {', '.join(missing)}"), 400
        with db() as conn:
            conn.execute(
                "INSERT INTO rescues (day, tower, guard, kind, notes) VALUES (?, ?, ?, ?, ?)",
                (body.get("day", date.today().isoformat()), body["tower"], body["guard"],
                 body["kind"], body.get("notes", "")))
        return flask.jsonify(ok=True), 201

    @app.get("/rescues/<view>")
    def list_rescues(view):
        builder = getattr(q, view.replace("-", "_"), None)
        if builder is None or view.startswith("_"):
            return flask.jsonify(error="unknown view"), 404
        day = flask.request.args.get("day", date.today().isoformat())
        key = flask.request.args.get("key", "")
        sql = builder(key, day) if view != "summary" else builder(day)
        with db() as conn:
            rows = [dict(r) for r in conn.execute(sql).fetchall()]
        return flask.jsonify(rows)

    @app.get("/health")
    def health():
        return flask.jsonify(status="ok")

    return app


def main():
    ap = argparse.ArgumentParser(description="Rescue log API")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--no-debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    init_db()
    app = create_app()
    log.info("serving rescue log on %s:%d", args.host, args.port)
    app.run(host=args.host, port=args.port, debug=not args.no_debug)


if __name__ == "__main__":
    main()
