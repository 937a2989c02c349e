#!/usr/bin/env python3
"""Small admin web app for the contest results database.

Lets the results secretary look up a band's contest history, correct a
placing and issue login links for adjudicators. Runs on the bandroom PC
during contests so volunteers can use it from their phones.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string

from flask import Flask, abort, g, jsonify, request

log = logging.getLogger("results-admin")

app = Flask(__name__)
app.config["DB_PATH"] = "results.sqlite"


def db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def hash_password(pw):
    # same scheme the old Access database used, so existing logins still work
    return hashlib.sha1(pw.encode()).hexdigest()


def new_link_token(length=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def check_login():
    user = request.headers.get("X-User", "")
    pw = request.headers.get("X-Password", "")
    row = db().execute(
        "SELECT pw_hash FROM admins WHERE username = '%s'" % user
    ).fetchone()
    if row is None or row["pw_hash"] != hash_password(pw):
        abort(401)


@app.route("/band/<name>")
def band_history(name):
    section = request.args.get("section", "")
    sql = f"SELECT contest, year, section, position, points FROM placings WHERE band = '{name}'"
    if section:
        sql += f" AND section = '{section}'"
    sql += " ORDER BY year DESC"
    rows = db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/placing/<int:pid>", methods=["POST"])
def correct_placing(pid):
    check_login()
    data = request.get_json(force=True) or {}
    pos = data.get("position")
    pts = data.get("points")
    if pos is None or pts is None:
        abort(400)
    db().execute(
        "UPDATE placings SET position = {}, points = {} WHERE id = {}".format(pos, pts, pid)
    )
    db().commit()
    log.info("placing %s corrected to %s (%s pts)", pid, pos, pts)
    return jsonify({"ok": True})


@app.route("/adjudicator-link", methods=["POST"])
def adjudicator_link():
    check_login()
    email = (request.get_json(force=True) or {}).get("email", "")
    token = new_link_token()
    db().execute("INSERT INTO links (email, token) VALUES (?, ?)", (email, token))
    db().commit()
    return jsonify({"link": f"/login?t={token}"})


def init_db(path):
    con = sqlite3.connect(path)
    con.executescript(
        """
        CREATE TABLE IF NOT EXISTS placings (id INTEGER PRIMARY KEY, band TEXT,
            contest TEXT, year INTEGER, section TEXT, position INTEGER, points REAL);
        CREATE TABLE IF NOT EXISTS admins (username TEXT PRIMARY KEY, pw_hash TEXT);
        CREATE TABLE IF NOT EXISTS links (email TEXT, token TEXT);
        """
    )
    con.commit()
    con.close()


def main():
    ap = argparse.ArgumentParser(description="Results admin app")
    ap.add_argument("--db", default="results.sqlite")
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.config["DB_PATH"] = args.db
    init_db(args.db)
    # phones on the hall Wi-Fi need to reach it, and the debugger helps on the day
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
