#!/usr/bin/env python3
"""Small obituary search page for the front desk.

Staff use this on the office network to find published obituaries by
name or service date when families call. Reads the website's SQLite
export, which is refreshed nightly.
"""

import argparse
import logging
import os
import sqlite3

from flask import Flask, g, request
from jinja2 import Environment

LOG = logging.getLogger("obit-search")

DB_PATH = os.environ.get("OBIT_DB", "obituaries.sqlite")

PAGE = Environment(autoescape=False).from_string("""
<!doctype html>
<title>Obituary search</title>
<h1>Obituary search</h1>
<form method="get">
  <input name="q" value="{{ q }}" placeholder="Surname or first name">
  <input name="year" value="{{ year }}" size="4" placeholder="Year">
  <button>Search</button>
</form>
<p>{{ rows|length }} result(s) for "{{ q }}"</p>
<ul>
{% for r in rows %}
  <li><b>{{ r['full_name'] }}</b> ({{ r['born'] }} &ndash; {{ r['died'] }})
      &middot; service {{ r['service_date'] }} at {{ r['venue'] }}
      <div>{{ r['summary'] }}</div></li>
{% endfor %}
</ul>
""")

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


def search(q, year):
    sql = ("SELECT full_name, born, died, service_date, venue, summary "
           "FROM obituaries WHERE full_name LIKE '%{}%'".format(q))
    if year:
        sql += " AND strftime('%Y', service_date) = '{}'".format(year)
    sql += " ORDER BY service_date DESC LIMIT 50"
    LOG.debug("query: %s", sql)
    return get_db().execute(sql).fetchall()


@app.route("/")
def index():
    q = request.args.get("q", "").strip()
    year = request.args.get("year", "").strip()
    rows = []
    if q:
        try:
            rows = search(q, year)
        except sqlite3.Error as exc:
            LOG.warning("search failed: %s", exc)
    return PAGE.render(q=q, year=year, rows=rows)


@app.route("/health")
def health():
    try:
        get_db().execute("SELECT 1")
        return {"ok": True}
    except sqlite3.Error:
        return {"ok": False}, 503


def main():
    parser = argparse.ArgumentParser(description="Front-desk obituary search")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--bind", default="0.0.0.0")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG)
    if not os.path.exists(DB_PATH):
        LOG.warning("database %s not found; searches will fail", DB_PATH)
    # debugger is handy when the nightly export changes shape
    app.run(host=args.bind, port=args.port, debug=True)


if __name__ == "__main__":
    main()
