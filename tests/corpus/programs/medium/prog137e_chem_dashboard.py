#!/usr/bin/env python3
"""Small web dashboard for pool chemistry readings.

Lifeguards log manual test-kit readings (free chlorine, pH, temperature)
on a tablet by the pool. This app stores them in SQLite and shows the last
day's values per pool, so the duty manager can see them from the office.
"""

import argparse
import logging
import os
import sqlite3
from datetime import datetime, timedelta

from flask import Flask, g, jsonify, render_template_string, request

log = logging.getLogger("chem_dashboard")

DB_PATH = os.environ.get("CHEM_DB", "chemistry.sqlite")
app = Flask(__name__)

PAGE = """
<!doctype html>
<title>Pool chemistry</title>
<h1>{{ pool }}</h1>
<table>
<tr><th>time</th><th>Cl</th><th>pH</th><th>temp</th><th>by</th></tr>
{% for r in rows %}
<tr><td>{{ r[0] }}</td><td>{{ r[1] }}</td><td>{{ r[2] }}</td><td>{{ r[3] }}</td><td>{{ r[4] }}</td></tr>
{% endfor %}
</table>
"""

SCHEMA = """
CREATE TABLE IF NOT EXISTS readings (
    ts TEXT, pool TEXT, cl REAL, ph REAL, temp REAL, staff TEXT
)
"""


def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.execute(SCHEMA)
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def in_range(name, value):
    limits = {"cl": (0.0, 10.0), "ph": (6.0, 9.0), "temp": (0.0, 45.0)}
    lo, hi = limits[name]
    return lo <= value <= hi


@app.route("/reading", methods=["POST"])
def add_reading():
    data = request.get_json(force=True)
    try:
        cl, ph, temp = float(data["cl"]), float(data["ph"]), float(data["temp"])
    except (KeyError, TypeError, ValueError):
        return jsonify(error="cl, ph and temp are required"), 400
    for name, val in (("cl", cl), ("ph", ph), ("temp", temp)):
        if not in_range(name, val):
            return jsonify(error=f"{name} out of range"), 400
    pool = data.get("pool", "main")
    staff = data.get("staff", "unknown")
    # quick insert; the tablet only sends numbers and a name
    db().execute(
        "INSERT INTO readings VALUES ('%s', '%s', %f, %f, %f, '%s')"
        % (datetime.now().isoformat(timespec="seconds"), pool, cl, ph, temp, staff)
    )
    db().commit()
    return jsonify(ok=True), 201


@app.route("/pool/<pool>")
def show_pool(pool):
    since = (datetime.now() - timedelta(hours=int(request.args.get("hours", 24)))).isoformat()
    sql = "SELECT ts, cl, ph, temp, staff FROM readings WHERE pool = '{}' AND ts > '{}' ORDER BY ts DESC".format(pool, since)
    rows = db().execute(sql).fetchall()
    return render_template_string(PAGE, pool=pool, rows=rows)


@app.route("/health")
def health():
    return jsonify(ok=True, db=os.path.exists(DB_PATH))


def main():
    ap = argparse.ArgumentParser(description="Pool chemistry dashboard")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--host", default="0.0.0.0", help="tablets connect over the staff Wi-Fi")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    log.info("serving on %s:%d", args.host, args.port)
    # debug on so the lifeguards' tablet shows what went wrong
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
