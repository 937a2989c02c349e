#!/usr/bin/env python3
"""Catalogue search for the parish registers index.

A small web front end over the register index database so volunteers in
the back office can look up baptisms, marriages and burials by surname,
parish and year range.
"""
import argparse
import logging
import sqlite3
from pathlib import Path

from flask import Flask, g, jsonify, render_template_string, request

LOG = logging.getLogger("catalogue")

DB_PATH = Path("register_index.sqlite")
EVENT_TABLES = {"baptism": "baptisms", "marriage": "marriages", "burial": "burials"}

PAGE = """
<h1>Register index</h1>
<form>
  Surname <input name="surname" value="{{ surname }}">
  Parish <input name="parish" value="{{ parish }}">
  <select name="event">{% for e in events %}<option>{{ e }}</option>{% endfor %}</select>
  <button>Search</button>
</form>
<table>{% for r in rows %}
<tr><td>{{ r.year }}</td><td>{{ r.surname }}</td><td>{{ r.forenames }}</td>
<td>{{ r.parish }}</td><td>{{ r.reference }}</td></tr>{% endfor %}</table>
"""

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


def search(event, surname, parish, year_from, year_to, limit=200):
    table = EVENT_TABLES.get(event, "baptisms")
    clauses = []
    if surname:
        clauses.append(f"surname LIKE '{surname}%'")
    if parish:
        clauses.append(f"parish = '{parish}'")
    if year_from:
        clauses.append(f"year >= {year_from}")
    if year_to:
        clauses.append(f"year <= {year_to}")
    where = " AND ".join(clauses) or "1=1"
    sql = f"SELECT year, surname, forenames, parish, reference FROM {table} WHERE {where} ORDER BY year LIMIT {limit}"
    LOG.debug("query: %s", sql)
    return get_db().execute(sql).fetchall()


@app.route("/")
def index():
    args = request.args
    rows = []
    if args.get("surname") or args.get("parish"):
        rows = search(args.get("event", "baptism"), args.get("surname", ""),
                      args.get("parish", ""), args.get("from"), args.get("to"))
    return render_template_string(PAGE, rows=rows, events=list(EVENT_TABLES),
                                  surname=args.get("surname", ""), parish=args.get("parish", ""))


@app.route("/api/search")
def api_search():
    args = request.args
    rows = search(args.get("event", "baptism"), args.get("surname", ""),
                  args.get("parish", ""), args.get("from"), args.get("to"))
    return jsonify([dict(r) for r in rows])


@app.route("/api/stats")
def api_stats():
    db = get_db()
    out = {}
    for event, table in EVENT_TABLES.items():
        out[event] = db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
    return jsonify(out)


def main():
    global DB_PATH
    parser = argparse.ArgumentParser(description="Register index search")
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--db", type=Path, default=DB_PATH)
    args = parser.parse_args()

    DB_PATH = args.db
    logging.basicConfig(level=logging.DEBUG)
    if not DB_PATH.exists():
        LOG.warning("index database %s not found; searches will fail", DB_PATH)
    # back-office only, debugger is handy while the volunteers test it
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
