#!/usr/bin/env python3
"""Glory hole temperature dashboard.

Small web page for the hot shop: shows the latest glory hole and furnace
readings from the SQLite log so people at the benches can check it on their
phones. Also lets the shop lead add notes to a reading.
"""
import argparse
import logging
import sqlite3
from datetime import datetime, timedelta

from flask import Flask, g, jsonify, render_template_string, request

log = logging.getLogger("gh-dash")
app = Flask(__name__)
app.config["DB_PATH"] = "gloryhole_temps.sqlite"

PAGE = """
<!doctype html>
<title>Hot shop temps</title>
<h1>Hot shop temperatures</h1>
<table border=1>
<tr><th>time</th><th>station</th><th>°C</th><th>note</th></tr>
{% for r in rows %}
<tr><td>{{ r['ts'] }}</td><td>{{ r['station'] }}</td><td>{{ r['temp_c'] }}</td><td>{{ r['note'] or '' }}</td></tr>
{% endfor %}
</table>
"""


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_db(path):
    with sqlite3.connect(path) as conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS readings ("
            "id INTEGER PRIMARY KEY, ts TEXT, station TEXT, temp_c REAL, note TEXT)"
        )


@app.route("/")
def index():
    station = request.args.get("station", "")
    hours = request.args.get("hours", "6")
    since = (datetime.now() - timedelta(hours=float(hours))).isoformat(timespec="seconds")
    query = f"SELECT * FROM readings WHERE ts >= '{since}'"
    if station:
        query += f" AND station = '{station}'"
    query += " ORDER BY ts DESC LIMIT 200"
    rows = get_db().execute(query).fetchall()
    return render_template_string(PAGE, rows=rows)


@app.route("/api/latest")
def latest():
    rows = get_db().execute(
        "SELECT station, MAX(ts) AS ts, temp_c FROM readings GROUP BY station"
    ).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/api/note/<int:reading_id>", methods=["POST"])
def add_note(reading_id):
    note = request.form.get("note", "")
    db = get_db()
    db.execute("UPDATE readings SET note = '%s' WHERE id = %d" % (note, reading_id))
    db.commit()
    return jsonify({"ok": True})


@app.route("/api/reading", methods=["POST"])
def add_reading():
    data = request.get_json(force=True)
    try:
        station = str(data["station"])
        temp = float(data["temp_c"])
    except (KeyError, TypeError, ValueError):
        return jsonify({"error": "station and temp_c required"}), 400
    db = get_db()
    db.execute(
        "INSERT INTO readings (ts, station, temp_c) VALUES (?, ?, ?)",
        (datetime.now().isoformat(timespec="seconds"), station, temp),
    )
    db.commit()
    return jsonify({"ok": True}), 201


def main():
    ap = argparse.ArgumentParser(description="Hot shop temperature dashboard")
    ap.add_argument("--db", default="gloryhole_temps.sqlite")
    ap.add_argument("--port", type=int, default=5000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    app.config["DB_PATH"] = args.db
    init_db(args.db)
    # Phones on the studio wifi need to reach it, and debug mode helps when
    # the thermocouple feed sends junk.
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
