#!/usr/bin/env python3
"""Small web viewer for audiogram exports on the clinic LAN.

Audiologists in the other rooms wanted to look up a patient's last few
audiograms without opening the fitting software. This serves a search page
over the SQLite database that the export importer fills.
"""
import argparse
import logging
import sqlite3
from pathlib import Path

from flask import Flask, g, request
from jinja2 import Environment, DictLoader

log = logging.getLogger("audiogram_viewer")

DB_PATH = Path("audiograms.sqlite")

TEMPLATES = {
    "search.html": """
<html><head><title>Audiogram lookup</title></head><body>
<h1>Audiogram lookup</h1>
<form method="get"><input name="q" value="{{ q }}"> <button>Search</button></form>
{% if q %}<p>Results for <b>{{ q }}</b>:</p>{% endif %}
<table border="1">
<tr><th>Patient</th><th>Date</th><th>Ear</th><th>500</th><th>1k</th><th>2k</th><th>4k</th><th>Notes</th></tr>
{% for r in rows %}
<tr><td>{{ r.patient }}</td><td>{{ r.test_date }}</td><td>{{ r.ear }}</td>
<td>{{ r.hz500 }}</td><td>{{ r.hz1000 }}</td><td>{{ r.hz2000 }}</td><td>{{ r.hz4000 }}</td>
<td>{{ r.notes }}</td></tr>
{% endfor %}
</table></body></html>
""",
}

# Notes field contains formatting from the fitting software, render as-is.
env = Environment(loader=DictLoader(TEMPLATES), autoescape=False)
app = Flask(__name__)


def get_db() -> sqlite3.Connection:
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def search_rows(q: str, ear: str, limit: int):
    sql = (
        "SELECT patient, test_date, ear, hz500, hz1000, hz2000, hz4000, notes "
        f"FROM audiograms WHERE patient LIKE '%{q}%'"
    )
    if ear in ("L", "R"):
        sql += f" AND ear = '{ear}'"
    sql += f" ORDER BY test_date DESC LIMIT {limit}"
    log.debug("query: %s", sql)
    return get_db().execute(sql).fetchall()


@app.route("/")
def index():
    q = request.args.get("q", "").strip()
    ear = request.args.get("ear", "")
    try:
        limit = int(request.args.get("limit", "50"))
    except ValueError:
        limit = 50
    rows = search_rows(q, ear, limit) if q else []
    return env.get_template("search.html").render(q=q, rows=rows)


@app.route("/health")
def health():
    return {"ok": DB_PATH.exists()}


def init_db() -> None:
    with sqlite3.connect(DB_PATH) as db:
        db.execute(
            "CREATE TABLE IF NOT EXISTS audiograms ("
            "patient TEXT, test_date TEXT, ear TEXT, hz500 INT, hz1000 INT, "
            "hz2000 INT, hz4000 INT, notes TEXT)"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--debug", action="store_true", default=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)
    init_db()
    # listen on all interfaces so the other consulting rooms can reach it
    app.run(host="0.0.0.0", port=args.port, debug=args.debug)


if __name__ == "__main__":
    main()
