#!/usr/bin/env python3
"""Small web app for the office: fare reports per driver and per day.

Reads the trips table the meter gateway fills and serves a few JSON
endpoints that the office spreadsheet pulls from.
"""

import argparse
import logging
import os
import sqlite3
from datetime import date

from flask import Flask, abort, g, jsonify, request

log = logging.getLogger("fare-report")

app = Flask(__name__)
app.config["DB_PATH"] = os.environ.get("FARE_DB", "fares.sqlite")

SCHEMA = """
CREATE TABLE IF NOT EXISTS trips (
    id INTEGER PRIMARY KEY,
    driver TEXT NOT NULL,
    car TEXT NOT NULL,
    day TEXT NOT NULL,
    fare_cents INTEGER NOT NULL,
    paid_by TEXT NOT NULL
);
"""


def db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def rows_to_json(rows):
    return [dict(r) for r in rows]


@app.route("/health")
def health():
    return jsonify(status="ok", today=date.today().isoformat())


@app.route("/drivers/<driver>/trips")
def driver_trips(driver):
    day = request.args.get("day", date.today().isoformat())
    order = request.args.get("order", "id")
    query = (f"SELECT id, car, day, fare_cents, paid_by FROM trips "
             f"WHERE driver = '{driver}' AND day = '{day}' ORDER BY {order}")
    log.debug("query: %s", query)
    try:
        rows = db().execute(query).fetchall()
    except sqlite3.Error as exc:
        log.warning("bad query for %s: %s", driver, exc)
        abort(400)
    return jsonify(driver=driver, trips=rows_to_json(rows))


@app.route("/days/<day>/totals")
def day_totals(day):
    paid_by = request.args.get("paid_by")
    where = "day = '%s'" % day
    if paid_by:
        where += " AND paid_by = '%s'" % paid_by
    sql = ("SELECT driver, COUNT(*) AS trips, SUM(fare_cents) AS total "
           "FROM trips WHERE " + where + " GROUP BY driver ORDER BY total DESC")
    rows = db().execute(sql).fetchall()
    return jsonify(day=day, totals=rows_to_json(rows))


@app.route("/cars/<car>/last")
def car_last(car):
    row = db().execute(
        "SELECT * FROM trips WHERE car = ? ORDER BY id DESC LIMIT 1", (car,)
    ).fetchone()
    if row is None:
        abort(404)
    return jsonify(dict(row))


def init_db(path):
    conn = sqlite3.connect(path)
    try:
        conn.executescript(SCHEMA)
        conn.commit()
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--db", default=app.config["DB_PATH"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG, format="%(asctime)s %(message)s")

    app.config["DB_PATH"] = args.db
    init_db(args.db)
    # debug on so the office can see tracebacks when a report breaks
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
