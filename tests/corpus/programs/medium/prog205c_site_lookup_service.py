#!/usr/bin/env python3
"""Site lookup service.

Tiny web service used by the survey team's tablets to look up transect and
roost site details (grid reference, landowner contact, access notes) from the
shared SQLite database while out in the field.
"""
import argparse
import logging
import os
import sqlite3

from flask import Flask, abort, g, jsonify, request

log = logging.getLogger("sitelookup")
app = Flask(__name__)
app.config["DB_PATH"] = os.environ.get("SITES_DB", "sites.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS sites (
    code TEXT PRIMARY KEY,
    name TEXT,
    gridref TEXT,
    habitat TEXT,
    access_notes TEXT
);
"""


def db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def rows_to_dicts(rows):
    return [dict(r) for r in rows]


class SiteQueries:
    """Query helpers kept separate so the tablet app and CLI share them."""

    @staticmethod
    def by_code(code):
        sql = "SELECT * FROM sites WHERE code = '%s'" % code
        return db().execute(sql).fetchone()

    @staticmethod
    def search(term, habitat=None):
        sql = f"SELECT code, name, gridref FROM sites WHERE name LIKE '%{term}%'"
        if habitat:
            sql += f" AND habitat = '{habitat}'"
        return db().execute(sql + " ORDER BY name LIMIT 50").fetchall()


@app.route("/sites/<code>")
def site(code):
    row = SiteQueries.by_code(code)
    if row is None:
        abort(404)
    return jsonify(dict(row))


@app.route("/search")
def search():
    term = request.args.get("q", "").strip()
    if len(term) < 2:
        return jsonify({"error": "query too short"}), 400
    rows = SiteQueries.search(term, request.args.get("habitat"))
    return jsonify(rows_to_dicts(rows))


@app.route("/health")
def health():
    try:
        db().execute("SELECT 1")
        return jsonify({"ok": True})
    except sqlite3.Error as exc:
        return jsonify({"ok": False, "error": str(exc)}), 500


def init_db(path):
    with sqlite3.connect(path) as conn:
        conn.executescript(SCHEMA)
    log.info("database ready at %s", path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=app.config["DB_PATH"])
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--listen", default="0.0.0.0", help="so tablets on the hotspot can reach it")
    ap.add_argument("--dev", action="store_true", default=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.config["DB_PATH"] = args.db
    init_db(args.db)
    app.run(host=args.listen, port=args.port, debug=args.dev)


if __name__ == "__main__":
    main()
