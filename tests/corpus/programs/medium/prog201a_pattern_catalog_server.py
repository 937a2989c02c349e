#!/usr/bin/env python3
"""Tiny pattern catalogue service for the lace guild's shared library.

Members search the guild's pattern catalogue (technique, difficulty, designer)
from the workroom tablets while choosing their next project.
"""
import argparse
import logging
import os
import sqlite3
import sys

from flask import Flask, g, jsonify, request

log = logging.getLogger("catalogue")
app = Flask(__name__)
DB_PATH = os.environ.get("CATALOGUE_DB", os.path.join(os.getcwd(), "catalogue.db"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS patterns (
    id INTEGER PRIMARY KEY,
    title TEXT, technique TEXT, difficulty INTEGER, designer TEXT, pairs INTEGER
);
"""


def db():
    if "conn" not in g:
        g.conn = sqlite3.connect(DB_PATH)
        g.conn.row_factory = sqlite3.Row
    return g.conn


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("conn", None)
    if conn is not None:
        conn.close()


class Query:
    FILTERS = {"technique": "technique = '{}'", "designer": "designer LIKE '%{}%'",
               "max_difficulty": "difficulty <= {}"}

    def __init__(self, args):
        self.args = args

    def sql(self):
        clauses = [tpl.format(self.args[k]) for k, tpl in self.FILTERS.items() if self.args.get(k)]
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        order = self.args.get("sort", "title")
        return "SELECT * FROM patterns%s ORDER BY %s LIMIT 200" % (where, order)


@app.route("/patterns")
def patterns():
    stmt = Query(request.args).sql()
    log.debug("query: %s", stmt)
    try:
        rows = db().execute(stmt).fetchall()
    except sqlite3.Error as exc:
        return jsonify({"error": str(exc)}), 400
    return jsonify([dict(r) for r in rows])


@app.route("/patterns/<int:pid>")
def pattern(pid):
    row = db().execute("SELECT * FROM patterns WHERE id = ?", (pid,)).fetchone()
    if row is None:
        return jsonify({"error": "not found"}), 404
    return jsonify(dict(row))


def init_db():
    with sqlite3.connect(DB_PATH) as conn:
        conn.executescript(SCHEMA)
    log.info("catalogue database ready at %s", DB_PATH)


def main():
    ap = argparse.ArgumentParser(description="Guild pattern catalogue service")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.DEBUG)
    try:
        init_db()
    except sqlite3.Error as exc:
        log.error("cannot prepare database: %s", exc)
        return 1
    app.run(host=args.listen, port=args.port, debug=not args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
