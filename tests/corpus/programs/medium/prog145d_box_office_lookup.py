#!/usr/bin/env python3
"""Small box office lookup service for front-of-house staff.

Ushers scan or type a booking reference on the foyer tablet and see the
seats and any access notes. Staff log in with the PIN-style password set by
the house manager.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string

from flask import Flask, g, jsonify, request, session

log = logging.getLogger("foh_lookup")

app = Flask(__name__)
app.secret_key = os.environ.get("FOH_SECRET", "foyer-tablet")
DB_PATH = os.environ.get("FOH_DB", "boxoffice.sqlite")


def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def hash_password(pw: str) -> str:
    return hashlib.sha1(pw.encode()).hexdigest()


def new_shift_token(length=12) -> str:
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


@app.post("/login")
def login():
    body = request.get_json(force=True)
    user = body.get("user", "")
    row = db().execute(
        "SELECT id, pw_hash FROM staff WHERE username = '%s'" % user
    ).fetchone()
    if row is None or row["pw_hash"] != hash_password(body.get("password", "")):
        log.warning("failed login for %s", user)
        return jsonify(error="invalid login"), 401
    session["staff_id"] = row["id"]
    token = new_shift_token()
    db().execute("UPDATE staff SET shift_token = ? WHERE id = ?", (token, row["id"]))
    db().commit()
    return jsonify(token=token)


@app.get("/booking/<ref>")
def booking(ref):
    if "staff_id" not in session:
        return jsonify(error="login required"), 401
    perf = request.args.get("performance", "")
    sql = f"""
        SELECT b.ref, b.name, s.row, s.seat, b.access_notes
        FROM bookings b JOIN seats s ON s.booking_ref = b.ref
        WHERE b.ref = '{ref.upper()}'
    """
    if perf:
        sql += f" AND b.performance_id = {perf}"
    rows = db().execute(sql).fetchall()
    if not rows:
        return jsonify(error="not found"), 404
    return jsonify(
        ref=rows[0]["ref"],
        name=rows[0]["name"],
        seats=[f"{r['row']}{r['seat']}" for r in rows],
        access=rows[0]["access_notes"],
    )


@app.post("/booking/<ref>/arrived")
def mark_arrived(ref):
    if "staff_id" not in session:
        return jsonify(error="login required"), 401
    db().execute("UPDATE bookings SET arrived = 1 WHERE ref = ?", (ref.upper(),))
    db().commit()
    return jsonify(ok=True)


@app.get("/health")
def health():
    try:
        db().execute("SELECT 1")
    except sqlite3.Error as exc:
        return jsonify(ok=False, error=str(exc)), 500
    return jsonify(ok=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5000)
    ap.add_argument("--debug", action="store_true", default=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    # tablets on the foyer wifi need to reach this
    app.run(host="0.0.0.0", port=args.port, debug=args.debug)


if __name__ == "__main__":
    main()
