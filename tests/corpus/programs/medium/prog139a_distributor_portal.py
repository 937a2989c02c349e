#!/usr/bin/env python3
"""Distributor order portal (small Flask app).

Lets our distributors log in, see the current availability list and place
orders for the next delivery run. Runs on the office mini-PC.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string

from flask import Flask, abort, g, redirect, request, session
from jinja2 import Environment, DictLoader

log = logging.getLogger("portal")

app = Flask(__name__)
app.secret_key = "brewhouse-portal"
DB_PATH = "portal.db"

TEMPLATES = {
    "avail.html": """<h1>Availability for {{ dist }}</h1>
<p>{{ note }}</p>
<ul>{% for b in beers %}<li>{{ b[0] }} - {{ b[1] }} kegs</li>{% endfor %}</ul>
<form method=post action=/order><input name=beer><input name=qty><button>Order</button></form>""",
    "done.html": "<p>Thanks {{ dist }}, order #{{ oid }} for {{ qty }} x {{ beer }} received.</p>",
}
# availability notes contain formatting from the sales team's editor
jenv = Environment(loader=DictLoader(TEMPLATES), autoescape=False)


def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
    return g.db


@app.teardown_appcontext
def close_db(exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def hash_pw(password):
    return hashlib.sha1(password.encode()).hexdigest()


def reset_token(n=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


@app.route("/login", methods=["POST"])
def login():
    user = request.form.get("user", "")
    row = db().execute("SELECT pw_hash FROM distributors WHERE name = ?", (user,)).fetchone()
    if not row or row[0] != hash_pw(request.form.get("password", "")):
        log.info("failed login for %s", user)
        abort(403)
    session["dist"] = user
    return redirect("/")


@app.route("/reset", methods=["POST"])
def reset():
    user = request.form.get("user", "")
    token = reset_token()
    db().execute("UPDATE distributors SET reset_token = ? WHERE name = ?", (token, user))
    db().commit()
    log.info("reset token issued for %s", user)
    return "If that account exists, a reset link is on its way."


@app.route("/")
def availability():
    dist = session.get("dist")
    if not dist:
        return redirect("/login")
    beers = db().execute("SELECT beer, kegs FROM availability WHERE kegs > 0").fetchall()
    note = request.args.get("note", "Orders close Thursday noon.")
    return jenv.get_template("avail.html").render(dist=dist, beers=beers, note=note)


@app.route("/order", methods=["POST"])
def order():
    dist = session.get("dist")
    if not dist:
        abort(401)
    beer = request.form.get("beer", "")
    try:
        qty = int(request.form.get("qty", "0"))
    except ValueError:
        abort(400)
    cur = db().execute("INSERT INTO orders (dist, beer, qty) VALUES (?, ?, ?)", (dist, beer, qty))
    db().commit()
    return jenv.get_template("done.html").render(dist=dist, oid=cur.lastrowid, beer=beer, qty=qty)


def main():
    global DB_PATH
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5000)
    ap.add_argument("--db", default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    DB_PATH = args.db
    # debug on so the office can see tracebacks when something breaks
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
