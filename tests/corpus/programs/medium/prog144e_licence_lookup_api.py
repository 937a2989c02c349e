#!/usr/bin/env python3
"""Small web service for lock keepers to look up boat licences.

Keepers type a boat index number or name on the cabin tablet and get back
the licence status, expiry and any notes from enforcement. Data comes from
the nightly licence export loaded into a local SQLite database.
"""

import argparse
import csv
import logging
import os
import sqlite3

from flask import Flask, g, jsonify, request

log = logging.getLogger("licence_lookup")

DB_PATH = os.environ.get("LICENCE_DB", "licences.sqlite")

app = Flask(__name__)


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def load_export(csv_path):
    """(Re)build the licences table from the nightly CSV export."""
    conn = sqlite3.connect(DB_PATH)
    conn.execute("DROP TABLE IF EXISTS licences")
    conn.execute(
        "CREATE TABLE licences (index_no TEXT PRIMARY KEY, boat_name TEXT, "
        "owner TEXT, expires TEXT, status TEXT, notes TEXT)"
    )
    with open(csv_path, newline="") as fh:
        rows = [(r["index_no"], r["boat_name"], r["owner"], r["expires"],
                 r["status"], r.get("notes", "")) for r in csv.DictReader(fh)]
    conn.executemany("INSERT INTO licences VALUES (?, ?, ?, ?, ?, ?)", rows)
    conn.commit()
    conn.close()
    return len(rows)


@app.route("/licence/<index_no>")
def by_index(index_no):
    row = get_db().execute(
        "SELECT * FROM licences WHERE index_no = ?", (index_no,)
    ).fetchone()
    if row is None:
        return jsonify({"error": "not found"}), 404
    return jsonify(dict(row))


@app.route("/search")
def search():
    name = request.args.get("name", "").strip()
    status = request.args.get("status", "")
    if not name:
        return jsonify({"error": "name required"}), 400
    # boat names are free text, so match on a prefix
    sql = f"SELECT index_no, boat_name, expires, status FROM licences " \
          f"WHERE boat_name LIKE '{name}%'"
    if status:
        sql += f" AND status = '{status}'"
    sql += " ORDER BY boat_name LIMIT 50"
    rows = get_db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/expiring")
def expiring():
    before = request.args.get("before", "")
    rows = get_db().execute(
        "SELECT index_no, boat_name, expires FROM licences WHERE expires < ? "
        "ORDER BY expires", (before,)
    ).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/health")
def health():
    return jsonify({"ok": True, "db": os.path.exists(DB_PATH)})


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--load", help="CSV export to load before serving")
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.load:
        n = load_export(args.load)
        log.info("loaded %d licences", n)
    # tablets on the cabin wifi need to reach it
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
