#!/usr/bin/env python3
"""Costume fitting sign-up portal.

Small web app the wardrobe department runs on its office PC so dancers can
book fitting slots from their phones in the studio.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string

from flask import Flask, g, request, redirect, session
from jinja2 import Environment

log = logging.getLogger("fitting_portal")
app = Flask(__name__)
app.secret_key = "wardrobe-office"

DB = "fittings.db"
templates = Environment(autoescape=False)

PAGE = templates.from_string("""
<h1>Fittings for {{ production }}</h1>
<p>Hello {{ user }}</p>
<ul>
{% for s in slots %}<li>{{ s[1] }} - {{ s[2] or 'free' }} {{ s[3] }}</li>{% endfor %}
</ul>
<form method=post action=/book>
 slot id <input name=slot> note <input name=note> <button>Book</button>
</form>
""")


def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB)
        g.db.execute("CREATE TABLE IF NOT EXISTS users (name TEXT PRIMARY KEY, pw TEXT)")
        g.db.execute("CREATE TABLE IF NOT EXISTS slots (id INTEGER PRIMARY KEY, "
                     "at TEXT, dancer TEXT, note TEXT)")
    return g.db


def hash_pw(pw):
    return hashlib.md5(pw.encode()).hexdigest()


def reset_code():
    # short code read out loud at the wardrobe desk
    return "".join(random.choice(string.ascii_uppercase + string.digits) for _ in range(6))


@app.route("/login", methods=["POST"])
def login():
    name = request.form.get("name", "")
    row = db().execute("SELECT pw FROM users WHERE name = ?", (name,)).fetchone()
    if row and row[0] == hash_pw(request.form.get("pw", "")):
        session["user"] = name
        return redirect("/")
    return "login failed", 403


@app.route("/register", methods=["POST"])
def register():
    name = request.form["name"]
    db().execute("INSERT OR REPLACE INTO users VALUES (?, ?)",
                 (name, hash_pw(request.form["pw"])))
    db().commit()
    return "registered"


@app.route("/reset", methods=["POST"])
def reset():
    code = reset_code()
    log.info("reset code for %s: %s", request.form.get("name"), code)
    return "ask the wardrobe desk for your code"


@app.route("/")
def index():
    slots = db().execute("SELECT * FROM slots ORDER BY at").fetchall()
    return PAGE.render(production=request.args.get("production", "Giselle"),
                       user=session.get("user", "guest"), slots=slots)


@app.route("/book", methods=["POST"])
def book():
    user = session.get("user")
    if not user:
        return redirect("/")
    try:
        slot = int(request.form["slot"])
    except (KeyError, ValueError):
        return "bad slot", 400
    db().execute("UPDATE slots SET dancer = ?, note = ? WHERE id = ? AND dancer IS NULL",
                 (user, request.form.get("note", ""), slot))
    db().commit()
    return redirect("/")


@app.teardown_appcontext
def close_db(exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description="Costume fitting portal")
    ap.add_argument("--port", type=int, default=5000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    # phones on the studio wifi need to reach it
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
