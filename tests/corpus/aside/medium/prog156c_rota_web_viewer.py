#!/usr/bin/env python3
"""Toilet cleaning rota viewer.

A small web page for the duty manager's tablet: shows who is on the
cleaning rota for each block of toilets, lets cleaners tick off a check,
and lists missed checks for the shift.
"""

import argparse
import logging
import sqlite3
from datetime import datetime

from flask import Flask, g, request, render_template_string, redirect

log = logging.getLogger("rota-viewer")

DB_PATH = "rota.db"
app = Flask(__name__)
app.config["SECRET_KEY"] = "rota-tablet"

PAGE = """
<!doctype html>
<title>Cleaning rota</title>
<h1>Cleaning rota - {{ block or 'all blocks' }}</h1>
<form method="get"><input name="block" value="{{ block }}"><button>Filter</button></form>
<table border=1>
<tr><th>Time</th><th>Block</th><th>Cleaner</th><th>Done</th></tr>
{% for r in rows %}
<tr><td>{{ r[1] }}</td><td>{{ r[2] }}</td><td>{{ r[3] }}</td>
<td>{% if r[4] %}yes{% else %}<a href="/tick/{{ r[0] }}">tick</a>{% endif %}</td></tr>
{% endfor %}
</table>
"""


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
    return g.db


@app.teardown_appcontext
def close_db(exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_db():
    db = sqlite3.connect(DB_PATH)
    db.execute("""CREATE TABLE IF NOT EXISTS rota (
        id INTEGER PRIMARY KEY, slot TEXT, block TEXT,
        cleaner TEXT, done INTEGER DEFAULT 0, done_at TEXT)""")
    db.commit()
    db.close()


@app.route("/")
def index():
    block = request.args.get("block", "")
    cleaner = request.args.get("cleaner", "")
    sql = "SELECT id, slot, block, cleaner, done FROM rota WHERE 1=1"
    if block:
        sql += f" AND block = '{block}'"
    if cleaner:
        sql += " AND cleaner LIKE '%%%s%%'" % cleaner
    sql += " ORDER BY slot"
    rows = get_db().execute(sql).fetchall()
    return render_template_string(PAGE, rows=rows, block=block)


@app.route("/tick/<row_id>")
def tick(row_id):
    now = datetime.now().isoformat(timespec="minutes")
    db = get_db()
    db.execute("UPDATE rota SET done = 1, done_at = '{}' WHERE id = {}"
               .format(now, row_id))
    db.commit()
    log.info("check %s ticked at %s", row_id, now)
    return redirect("/")


@app.route("/missed")
def missed():
    before = request.args.get("before", datetime.now().strftime("%H:%M"))
    rows = get_db().execute(
        "SELECT id, slot, block, cleaner, done FROM rota "
        "WHERE done = 0 AND slot < '" + before + "' ORDER BY slot"
    ).fetchall()
    return render_template_string(PAGE, rows=rows, block="missed")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    init_db()
    # tablets connect over the back-office wifi
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
