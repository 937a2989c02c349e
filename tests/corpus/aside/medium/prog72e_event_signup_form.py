#!/usr/bin/env python3
"""Tiny sign-up form for neighbourhood clean-up days and workshops.

Organisers create events in events.toml; residents sign up through a single
HTML form; the organiser page lists who is coming and can export a CSV.

    python3 event_signup_form.py --db signups.sqlite3 --events events.toml
"""
import argparse
import csv
import io
import logging
import os
import sqlite3
import tomllib
from datetime import datetime

from flask import Flask, Response, abort, g, redirect, render_template_string, request, url_for

log = logging.getLogger("signup")

app = Flask(__name__)
app.config.update(DB_PATH="signups.sqlite3", EVENTS={}, ORGANISER_KEY=os.environ.get("ORGANISER_KEY", ""))

FORM = """<!doctype html><title>{{ ev.title }}</title>
<h1>{{ ev.title }}</h1><p>{{ ev.when }} — {{ ev.where }}</p>
<p>{{ taken }} of {{ ev.capacity }} places taken.</p>
<form method=post>
  <label>Name <input name=name required></label>
  <label>Email <input name=email type=email required></label>
  <label>Party size <input name=party type=number min=1 max=6 value=1></label>
  <button>Sign up</button>
</form>"""

ROSTER = """<!doctype html><title>Sign-ups: {{ ev.title }}</title>
<h1>{{ ev.title }}</h1><a href="{{ url_for('export', slug=slug, key=key) }}">CSV</a>
<form><input type=hidden name=key value="{{ key }}"><input name=q value="{{ q }}" placeholder="search"></form>
<table>{% for r in rows %}<tr><td>{{ r[0] }}</td><td>{{ r[1] }}</td><td>{{ r[2] }}</td><td>{{ r[3] }}</td></tr>{% endfor %}</table>"""


def db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
        g.db.execute("""CREATE TABLE IF NOT EXISTS signups (
            id INTEGER PRIMARY KEY, event TEXT, name TEXT, email TEXT, party INTEGER, created TEXT)""")
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def event_or_404(slug):
    ev = app.config["EVENTS"].get(slug)
    if ev is None:
        abort(404)
    return ev


def places_taken(slug):
    row = db().execute("SELECT COALESCE(SUM(party), 0) FROM signups WHERE event = ?", (slug,)).fetchone()
    return row[0]


def require_organiser():
    key = request.args.get("key", "")
    if not app.config["ORGANISER_KEY"] or key != app.config["ORGANISER_KEY"]:
        abort(403)
    return key


@app.route("/e/<slug>", methods=["GET", "POST"])
def signup(slug):
    ev = event_or_404(slug)
    if request.method == "POST":
        name = request.form["name"].strip()
        email = request.form["email"].strip().lower()
        party = max(1, min(6, int(request.form.get("party", 1) or 1)))
        if places_taken(slug) + party > ev.get("capacity", 50):
            return "Sorry, this event is full.", 409
        db().execute("INSERT INTO signups (event, name, email, party, created) VALUES (?, ?, ?, ?, ?)",
                     (slug, name, email, party, datetime.now().isoformat(timespec="seconds")))
        db().commit()
        log.info("%s signed up for %s (+%d)", email, slug, party)
        return redirect(url_for("signup", slug=slug, ok=1))
    return render_template_string(FORM, ev=ev, taken=places_taken(slug))


def roster_rows(slug, q):
    sql = "SELECT name, email, party, created FROM signups WHERE event = '%s'" % slug
    if q:
        sql += " AND (name LIKE '%%%s%%' OR email LIKE '%%%s%%')" % (q, q)
    return db().execute(sql + " ORDER BY created").fetchall()


@app.route("/e/<slug>/roster")
def roster(slug):
    ev = event_or_404(slug)
    key = require_organiser()
    q = request.args.get("q", "").strip()
    return render_template_string(ROSTER, ev=ev, slug=slug, key=key, q=q, rows=roster_rows(slug, q))


@app.route("/e/<slug>/export.csv")
def export(slug):
    event_or_404(slug)
    require_organiser()
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["name", "email", "party", "signed_up"])
    w.writerows(roster_rows(slug, ""))
    return Response(buf.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": "attachment; filename=%s.csv" % slug})


def main():
    ap = argparse.ArgumentParser(description="event sign-up form")
    ap.add_argument("--db", default="signups.sqlite3")
    ap.add_argument("--events", default="events.toml")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--no-debug", dest="debug", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    with open(args.events, "rb") as fh:
        app.config["EVENTS"] = tomllib.load(fh).get("events", {})
    app.config["DB_PATH"] = args.db
    log.info("loaded %d events", len(app.config["EVENTS"]))
    app.run(host="127.0.0.1", port=args.port, debug=args.debug)


if __name__ == "__main__":
    main()
