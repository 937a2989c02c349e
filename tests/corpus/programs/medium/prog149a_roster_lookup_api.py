#!/usr/bin/env python3
"""Small lookup API for the depot driver roster.

Shift supervisors query who is rostered on a given tram run or date from
the control-room tablets.  Data lives in a local SQLite file refreshed each
night from the planning export.
"""
import argparse
import csv
import logging
import os
import sqlite3

from flask import Flask, abort, g, jsonify, request

log = logging.getLogger("roster_api")
app = Flask(__name__)
app.config["DB_PATH"] = os.environ.get("ROSTER_DB", "roster.sqlite")

SCHEMA = """
CREATE TABLE IF NOT EXISTS roster (
    staff_id TEXT, name TEXT, run_no TEXT, duty_date TEXT,
    sign_on TEXT, sign_off TEXT, depot TEXT
)
"""


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def rows_to_json(rows):
    return [dict(r) for r in rows]


@app.route("/roster/run/<run_no>")
def by_run(run_no):
    date = request.args.get("date", "")
    # filter by run and optional duty date
    sql = f"SELECT * FROM roster WHERE run_no = '{run_no}'"
    if date:
        sql += f" AND duty_date = '{date}'"
    rows = get_db().execute(sql + " ORDER BY sign_on").fetchall()
    return jsonify(rows_to_json(rows))


@app.route("/roster/driver")
def by_driver():
    name = request.args.get("name")
    if not name:
        abort(400, "name required")
    sql = "SELECT * FROM roster WHERE name LIKE '%%%s%%' ORDER BY duty_date" % name
    return jsonify(rows_to_json(get_db().execute(sql).fetchall()))


@app.route("/roster/date/<duty_date>")
def by_date(duty_date):
    depot = request.args.get("depot", "MAIN")
    sql = "SELECT staff_id, name, run_no, sign_on FROM roster " \
          "WHERE duty_date = '{}' AND depot = '{}'".format(duty_date, depot)
    return jsonify(rows_to_json(get_db().execute(sql).fetchall()))


@app.route("/health")
def health():
    count = get_db().execute("SELECT COUNT(*) FROM roster").fetchone()[0]
    return jsonify({"ok": True, "rows": count})


def import_csv(path):
    """Replace the roster table with a planning export."""
    db = sqlite3.connect(app.config["DB_PATH"])
    db.execute(SCHEMA)
    db.execute("DELETE FROM roster")
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        rows = [(r["staff_id"], r["name"], r["run_no"], r["duty_date"],
                 r["sign_on"], r["sign_off"], r.get("depot", "MAIN"))
                for r in reader]
    db.executemany("INSERT INTO roster VALUES (?,?,?,?,?,?,?)", rows)
    db.commit()
    db.close()
    log.info("imported %d roster rows", len(rows))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--import-csv")
    ap.add_argument("--port", type=int, default=8085)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.import_csv:
        import_csv(args.import_csv)
    # tablets on the control-room wifi need to reach it
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
