#!/usr/bin/env python3
"""Deliberately vulnerable bookshop for an SQL-injection workshop.

Students run this on their own laptop and attack it from the browser at
http://127.0.0.1:5050/. The search handler builds its query with string
formatting ON PURPOSE; the /fixed route shows the parameterised version.
"""
import argparse
import logging
import sqlite3
from pathlib import Path

from flask import Flask, g, request, render_template_string

DB_PATH = Path("workshop_books.db")
SEED = [
    ("Dune", "Herbert", 9.99), ("Neuromancer", "Gibson", 7.50),
    ("Snow Crash", "Stephenson", 8.25), ("Hyperion", "Simmons", 6.75),
]
PAGE = """
<h1>Bookshop ({{ mode }})</h1>
<form><input name="q" value="{{ q }}"><button>search</button></form>
<pre>{{ sql }}</pre>
<ul>{% for r in rows %}<li>{{ r[0] }} by {{ r[1] }} - {{ r[2] }}</li>{% endfor %}</ul>
"""

app = Flask(__name__)
log = logging.getLogger("workshop")


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_db():
    with sqlite3.connect(DB_PATH) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS books(title TEXT, author TEXT, price REAL)")
        conn.execute("CREATE TABLE IF NOT EXISTS staff(user TEXT, pin TEXT)")
        if not conn.execute("SELECT COUNT(*) FROM books").fetchone()[0]:
            conn.executemany("INSERT INTO books VALUES (?,?,?)", SEED)
            conn.execute("INSERT INTO staff VALUES ('manager', 'flag{union_select}')")
    log.info("database ready at %s", DB_PATH)


@app.route("/")
def vulnerable_search():
    q = request.args.get("q", "")
    sql = "SELECT title, author, price FROM books WHERE title LIKE '%%%s%%'" % q
    try:
        rows = get_db().execute(sql).fetchall()
    except sqlite3.Error as exc:
        rows = [("error", str(exc), "")]
    return render_template_string(PAGE, mode="vulnerable", q=q, sql=sql, rows=rows)


@app.route("/fixed")
def fixed_search():
    q = request.args.get("q", "")
    sql = "SELECT title, author, price FROM books WHERE title LIKE ?"
    rows = get_db().execute(sql, (f"%{q}%",)).fetchall()
    return render_template_string(PAGE, mode="fixed", q=q, sql=sql, rows=rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--reset", action="store_true", help="recreate the database")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.reset and DB_PATH.exists():
        DB_PATH.unlink()
    init_db()
    app.run(host="127.0.0.1", port=args.port, debug=True)


if __name__ == "__main__":
    main()
