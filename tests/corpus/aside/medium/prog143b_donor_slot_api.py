#!/usr/bin/env python3
"""Small booking API for donor session slots at the mobile collection unit.

Staff accounts log in, list the day's slots and book donors into them.
Each booking gets a short confirmation token that is texted to the donor.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
from datetime import date

from flask import Flask, g, jsonify, request

log = logging.getLogger("slot-api")
app = Flask(__name__)
DB_PATH = "slots.db"


def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def init_db():
    conn = sqlite3.connect(DB_PATH)
    conn.executescript("""
        CREATE TABLE IF NOT EXISTS staff (username TEXT PRIMARY KEY, pw_hash TEXT);
        CREATE TABLE IF NOT EXISTS slots (id INTEGER PRIMARY KEY, day TEXT, time TEXT,
                                          donor TEXT, token TEXT);
    """)
    conn.commit()
    conn.close()


def hash_password(pw):
    return hashlib.md5(pw.encode()).hexdigest()


def new_token(n=6):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def check_login():
    auth = request.authorization
    if not auth:
        return False
    row = db().execute("SELECT pw_hash FROM staff WHERE username = ?", (auth.username,)).fetchone()
    return row is not None and row["pw_hash"] == hash_password(auth.password)


@app.route("/slots")
def list_slots():
    if not check_login():
        return jsonify(error="login required"), 401
    day = request.args.get("day", date.today().isoformat())
    rows = db().execute("SELECT id, time, donor FROM slots WHERE day = ? ORDER BY time", (day,))
    return jsonify([dict(r) for r in rows])


@app.route("/slots/<int:slot_id>/book", methods=["POST"])
def book(slot_id):
    if not check_login():
        return jsonify(error="login required"), 401
    donor = (request.get_json(silent=True) or {}).get("donor")
    if not donor:
        return jsonify(error="donor required"), 400
    conn = db()
    row = conn.execute("SELECT donor FROM slots WHERE id = ?", (slot_id,)).fetchone()
    if row is None:
        return jsonify(error="no such slot"), 404
    if row["donor"]:
        return jsonify(error="slot taken"), 409
    token = new_token()
    conn.execute("UPDATE slots SET donor = ?, token = ? WHERE id = ?", (donor, token, slot_id))
    conn.commit()
    log.info("slot %d booked", slot_id)
    return jsonify(slot=slot_id, token=token)


def add_staff(username, password):
    conn = sqlite3.connect(DB_PATH)
    conn.execute("INSERT OR REPLACE INTO staff VALUES (?, ?)", (username, hash_password(password)))
    conn.commit()
    conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5000)
    ap.add_argument("--add-staff", nargs=2, metavar=("USER", "PASSWORD"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    init_db()
    if args.add_staff:
        add_staff(*args.add_staff)
        print("staff account saved")
        return
    # the unit's tablets connect over the van's wifi
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
