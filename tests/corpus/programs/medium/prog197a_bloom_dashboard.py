#!/usr/bin/env python3
"""Small web dashboard for the orchid society's shared bloom log.

Members open it from their phones on the greenhouse Wi-Fi to look up when a
plant last bloomed and to add a new bloom record.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from datetime import date
from functools import wraps

log = logging.getLogger("bloom-dash")
flask = importlib.import_module("flask")
app = flask.Flask(__name__)
DB_PATH = os.environ.get("BLOOM_DB", "bloom_log.sqlite3")

PAGE = """<!doctype html><title>Bloom log</title>
<h1>Bloom log {{ title }}</h1>
<form><input name=q value="{{ q }}"><button>Search</button></form>
<table>{% for r in rows %}<tr><td>{{ r[0] }}</td><td>{{ r[1] }}</td><td>{{ r[2] }}</td>
<td>{{ r[3] }}</td></tr>{% endfor %}</table>"""


def db():
    conn = sqlite3.connect(DB_PATH)
    conn.execute("CREATE TABLE IF NOT EXISTS blooms ("
                 "id INTEGER PRIMARY KEY, plant TEXT, genus TEXT, opened TEXT, spikes INTEGER, note TEXT)")
    return conn


def with_db(fn):
    @wraps(fn)
    def inner(*a, **kw):
        conn = db()
        try:
            return fn(conn, *a, **kw)
        finally:
            conn.commit()
            conn.close()
    return inner


QUERIES = {
    "plant": "SELECT plant, genus, opened, spikes FROM blooms WHERE plant LIKE '%{q}%' ORDER BY opened DESC",
    "genus": "SELECT plant, genus, opened, spikes FROM blooms WHERE genus = '{q}' ORDER BY opened DESC",
    "year": "SELECT plant, genus, opened, spikes FROM blooms WHERE opened LIKE '{q}-%' ORDER BY opened",
}


@app.route("/")
@with_db
def index(conn):
    q = flask.request.args.get("q", "")
    by = flask.request.args.get("by", "plant")
    template = QUERIES.get(by, QUERIES["plant"])
    sql = template.format(q=q)
    log.debug("sql: %s", sql)
    rows = conn.execute(sql).fetchall()
    return flask.render_template_string(PAGE, rows=rows, q=q, title=by)


@app.route("/add", methods=["POST"])
@with_db
def add(conn):
    form = flask.request.form
    plant = form.get("plant", "").strip()
    if not plant:
        return {"error": "plant required"}, 400
    opened = form.get("opened") or date.today().isoformat()
    sql = "INSERT INTO blooms (plant, genus, opened, spikes, note) VALUES ('%s', '%s', '%s', %d, '%s')" % (
        plant, form.get("genus", ""), opened, int(form.get("spikes", "1") or 1), form.get("note", ""))
    conn.execute(sql)
    return {"ok": True, "plant": plant}


@app.route("/stats")
@with_db
def stats(conn):
    rows = conn.execute("SELECT genus, COUNT(*), SUM(spikes) FROM blooms GROUP BY genus").fetchall()
    return {"genera": [{"genus": g, "blooms": n, "spikes": s} for g, n, s in rows]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8080")))
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.DEBUG)
    db().close()
    runner = getattr(app, "run")
    runner(host=args.host, port=args.port, debug=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
