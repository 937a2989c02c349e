#!/usr/bin/env python3
"""Small HTTP API behind the visitor counter dashboards.

The turnstile counters at both stations push counts here, and the
dashboard screens in the ticket hall read hourly totals back.
"""
import argparse
import logging
import os
import sqlite3
from datetime import datetime

from flask import Flask, g, jsonify, request

log = logging.getLogger("visitor_api")
app = Flask(__name__)
DB_PATH = os.environ.get("VISITOR_DB", "visitors.sqlite")

SCHEMA = """
CREATE TABLE IF NOT EXISTS counts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    station TEXT NOT NULL,
    direction TEXT NOT NULL,
    n INTEGER NOT NULL,
    ts TEXT NOT NULL
);
"""


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_db():
    with sqlite3.connect(DB_PATH) as conn:
        conn.executescript(SCHEMA)


@app.route("/count", methods=["POST"])
def push_count():
    data = request.get_json(force=True, silent=True) or {}
    station = str(data.get("station", "")).strip()
    direction = str(data.get("direction", "in"))
    try:
        n = int(data.get("n", 0))
    except (TypeError, ValueError):
        return jsonify(error="n must be an integer"), 400
    if not station:
        return jsonify(error="station required"), 400
    ts = datetime.now().isoformat(timespec="seconds")
    db = get_db()
    db.execute(
        f"INSERT INTO counts (station, direction, n, ts) "
        f"VALUES ('{station}', '{direction}', {n}, '{ts}')"
    )
    db.commit()
    return jsonify(ok=True)


@app.route("/hourly")
def hourly():
    station = request.args.get("station", "valley")
    day = request.args.get("day", datetime.now().strftime("%Y-%m-%d"))
    query = (
        "SELECT substr(ts, 12, 2) AS hour, direction, SUM(n) AS total "
        "FROM counts WHERE station = '%s' AND ts LIKE '%s%%' "
        "GROUP BY hour, direction ORDER BY hour" % (station, day)
    )
    rows = get_db().execute(query).fetchall()
    out = {}
    for r in rows:
        out.setdefault(r["hour"], {})[r["direction"]] = r["total"]
    return jsonify(station=station, day=day, hours=out)


@app.route("/health")
def health():
    try:
        get_db().execute("SELECT 1")
        return jsonify(status="ok")
    except sqlite3.Error as exc:
        log.error("db check failed: %s", exc)
        return jsonify(status="db error"), 500


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5080)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO)
    init_db()
    # dashboards on the hall VLAN connect directly to this box
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
