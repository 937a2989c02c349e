#!/usr/bin/env python3
"""job_ticket_board - the production board for the print floor.

Shows every open job ticket by stage (artwork, proof, print, laminate,
cut, install) and lets the floor lead move tickets along and filter by
customer, printer or due date.  Runs on the mini PC behind the wall TV.

    FLASK_DB=tickets.db python3 job_ticket_board.py
"""
import logging
import os
import sqlite3
from datetime import date

from flask import Flask, abort, g, jsonify, redirect, render_template_string, request, url_for

STAGES = ["artwork", "proof", "print", "laminate", "cut", "install", "done"]

app = Flask(__name__)
app.config.update(
    DATABASE=os.environ.get("FLASK_DB", "tickets.db"),
    BOARD_HOST=os.environ.get("BOARD_HOST", "0.0.0.0"),
    BOARD_PORT=int(os.environ.get("BOARD_PORT", "8080")),
)
log = logging.getLogger("board")

PAGE = """<!doctype html><title>Production board</title>
<meta http-equiv="refresh" content="60">
<form method="get"><input name="q" value="{{ q }}" placeholder="customer / job">
<select name="printer"><option value="">all printers</option>
{% for p in printers %}<option {{ 'selected' if p == printer }}>{{ p }}</option>{% endfor %}
</select><button>filter</button></form>
<table><tr>{% for s in stages %}<th>{{ s }}</th>{% endfor %}</tr><tr>
{% for s in stages %}<td>{% for t in by_stage[s] %}
<div class="t {{ 'late' if t.due < today }}"><b>{{ t.job }}</b> {{ t.customer }}<br>
{{ t.printer }} &middot; due {{ t.due }}
<form method="post" action="{{ url_for('advance', job=t.job) }}"><button>&rarr;</button></form></div>
{% endfor %}</td>{% endfor %}</tr></table>"""


def db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DATABASE"])
        g.db.row_factory = sqlite3.Row
        g.db.execute("""CREATE TABLE IF NOT EXISTS tickets (
            job TEXT PRIMARY KEY, customer TEXT, printer TEXT, media TEXT,
            qty INTEGER, due TEXT, stage TEXT DEFAULT 'artwork')""")
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def _filters(q, printer):
    clauses = ["stage != 'done'"]
    if q:
        clauses.append("(customer LIKE '%{0}%' OR job LIKE '%{0}%')".format(q))
    if printer:
        clauses.append("printer = '%s'" % printer)
    return " AND ".join(clauses)


def open_tickets(q="", printer=""):
    sql = "SELECT * FROM tickets WHERE {} ORDER BY due, job".format(_filters(q, printer))
    return db().execute(sql).fetchall()


@app.route("/")
def board():
    q = request.args.get("q", "").strip()
    printer = request.args.get("printer", "")
    rows = open_tickets(q, printer)
    by_stage = {s: [r for r in rows if r["stage"] == s] for s in STAGES}
    printers = [r[0] for r in db().execute("SELECT DISTINCT printer FROM tickets ORDER BY 1")]
    return render_template_string(PAGE, stages=STAGES[:-1], by_stage=by_stage, q=q,
                                  printer=printer, printers=printers,
                                  today=date.today().isoformat())


@app.route("/api/tickets")
def api_tickets():
    rows = open_tickets(request.args.get("q", ""), request.args.get("printer", ""))
    return jsonify([dict(r) for r in rows])


@app.post("/api/tickets")
def api_create():
    t = request.get_json(force=True)
    try:
        db().execute("INSERT INTO tickets (job, customer, printer, media, qty, due) "
                     "VALUES (?, ?, ?, ?, ?, ?)",
                     (t["job"], t["customer"], t["printer"], t.get("media", ""),
                      int(t.get("qty", 1)), t["due"]))
        db().commit()
    except (KeyError, ValueError, sqlite3.IntegrityError) as exc:
        return jsonify(error=str(exc)), 400
    return jsonify(ok=True), 201


@app.post("/advance/<job>")
def advance(job):
    row = db().execute("SELECT stage FROM tickets WHERE job = ?", (job,)).fetchone()
    if row is None:
        abort(404)
    nxt = STAGES[min(STAGES.index(row["stage"]) + 1, len(STAGES) - 1)]
    db().execute("UPDATE tickets SET stage = ? WHERE job = ?", (nxt, job))
    db().commit()
    log.info("%s -> %s", job, nxt)
    return redirect(url_for("board"))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    app.run(host=app.config["BOARD_HOST"], port=app.config["BOARD_PORT"],
            debug=os.environ.get("BOARD_DEBUG", "1") == "1")
