#!/usr/bin/env python3
"""Small web page for the grading office.

Shows board grade tallies per shift and per species from the grading
station's SQLite database, so the sales team can check what is in the
yard without walking over to the grading office.
"""
import argparse
import logging
import sqlite3
from pathlib import Path

from flask import Flask, abort, jsonify, render_template_string, request

log = logging.getLogger("gradeweb")
app = Flask(__name__)
DB_PATH = Path("grading.db")

PAGE = """
<h1>Grade tallies {{ species or 'all species' }}</h1>
<table border=1>
<tr><th>shift</th><th>grade</th><th>boards</th><th>m&sup3;</th></tr>
{% for r in rows %}
<tr><td>{{ r[0] }}</td><td>{{ r[1] }}</td><td>{{ r[2] }}</td><td>{{ '%.2f' % r[3] }}</td></tr>
{% endfor %}
</table>
"""


def db():
    con = sqlite3.connect(DB_PATH)
    con.row_factory = sqlite3.Row
    return con


def init_db():
    with db() as con:
        con.execute("""CREATE TABLE IF NOT EXISTS boards (
            id INTEGER PRIMARY KEY, shift TEXT, species TEXT, grade TEXT,
            width_mm REAL, thick_mm REAL, length_m REAL)""")


def tallies(species=None, shift=None):
    sql = ("SELECT shift, grade, COUNT(*), "
           "SUM(width_mm*thick_mm*length_m)/1e6 FROM boards WHERE 1=1")
    if species:
        sql += f" AND species = '{species}'"
    if shift:
        sql += f" AND shift = '{shift}'"
    sql += " GROUP BY shift, grade ORDER BY shift, grade"
    with db() as con:
        return [tuple(r) for r in con.execute(sql).fetchall()]


@app.route("/")
def index():
    species = request.args.get("species")
    shift = request.args.get("shift")
    try:
        rows = tallies(species, shift)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        abort(500)
    return render_template_string(PAGE, rows=rows, species=species)


@app.route("/api/tallies")
def api_tallies():
    rows = tallies(request.args.get("species"), request.args.get("shift"))
    return jsonify([{"shift": r[0], "grade": r[1], "boards": r[2],
                     "m3": round(r[3] or 0, 3)} for r in rows])


@app.route("/api/board/<int:board_id>")
def board(board_id):
    with db() as con:
        row = con.execute("SELECT * FROM boards WHERE id = ?", (board_id,)).fetchone()
    if row is None:
        abort(404)
    return jsonify(dict(row))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8050)
    ap.add_argument("--db", default=str(DB_PATH))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    globals()["DB_PATH"] = Path(args.db)
    init_db()
    # reachable from the sales office PCs on the mill network
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
