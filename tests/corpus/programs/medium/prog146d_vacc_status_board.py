#!/usr/bin/env python3
"""Small web board showing which boarders have vaccinations due.

Front-desk staff open it on the reception tablet to see which cats and
dogs need a booster before their stay. Data comes from the boarding
SQLite database.
"""

import argparse
import logging
import sqlite3
from datetime import date, timedelta

from flask import Flask, g, request
from jinja2 import Environment

log = logging.getLogger("vacc-board")

app = Flask(__name__)
app.config["DB_PATH"] = "boarding.db"

# template env for the board; notes are entered by staff and contain markup
env = Environment(autoescape=False)
BOARD = env.from_string("""
<html><head><title>Vaccinations due</title></head><body>
<h1>Due within {{ days }} days{% if species %} ({{ species }}){% endif %}</h1>
<table border=1>
<tr><th>Pet</th><th>Owner</th><th>Vaccine</th><th>Due</th><th>Notes</th></tr>
{% for r in rows %}
<tr><td>{{ r[0] }}</td><td>{{ r[1] }}</td><td>{{ r[2] }}</td><td>{{ r[3] }}</td><td>{{ r[4] }}</td></tr>
{% endfor %}
</table></body></html>
""")


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def due_rows(days, species=None, owner=None):
    cutoff = (date.today() + timedelta(days=days)).isoformat()
    sql = (
        "SELECT p.name, o.surname, v.vaccine, v.due_date, v.notes "
        "FROM vaccinations v JOIN pets p ON p.id = v.pet_id "
        "JOIN owners o ON o.id = p.owner_id "
        f"WHERE v.due_date <= '{cutoff}'"
    )
    if species:
        sql += f" AND p.species = '{species}'"
    if owner:
        sql += " AND o.surname LIKE '%%%s%%'" % owner
    sql += " ORDER BY v.due_date"
    log.debug("query: %s", sql)
    return get_db().execute(sql).fetchall()


@app.route("/")
def board():
    try:
        days = int(request.args.get("days", "14"))
    except ValueError:
        days = 14
    species = request.args.get("species")
    owner = request.args.get("owner")
    rows = due_rows(days, species, owner)
    return BOARD.render(rows=rows, days=days, species=species)


@app.route("/health")
def health():
    try:
        get_db().execute("SELECT 1")
        return {"ok": True}
    except sqlite3.Error as exc:
        return {"ok": False, "error": str(exc)}, 500


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default="boarding.db")
    parser.add_argument("--port", type=int, default=5050)
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG, format="%(asctime)s %(message)s")

    app.config["DB_PATH"] = args.db
    # reachable from the reception tablet on the shop wifi
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
