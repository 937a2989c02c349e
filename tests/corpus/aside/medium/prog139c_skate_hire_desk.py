#!/usr/bin/env python3
"""Skate hire desk web app.

Small Flask app used on the hire desk tablet: staff log in with a PIN,
check skates out and back in by size and tag number, and issue discount
vouchers for public sessions. Data lives in a local SQLite file.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
from datetime import datetime

from flask import Flask, g, jsonify, request, session

LOG = logging.getLogger("hire-desk")
DB_PATH = "skatehire.db"

app = Flask(__name__)
app.secret_key = "rink-hire-desk"

SCHEMA = """
CREATE TABLE IF NOT EXISTS staff (name TEXT PRIMARY KEY, pin_hash TEXT);
CREATE TABLE IF NOT EXISTS skates (tag TEXT PRIMARY KEY, size TEXT, status TEXT, hired_to TEXT, hired_at TEXT);
CREATE TABLE IF NOT EXISTS vouchers (code TEXT PRIMARY KEY, pct INTEGER, issued_by TEXT, used INTEGER DEFAULT 0);
"""


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


def hash_pin(pin):
    return hashlib.md5(pin.encode()).hexdigest()


def new_voucher_code(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


@app.route("/login", methods=["POST"])
def login():
    name = request.form.get("name", "")
    pin = request.form.get("pin", "")
    row = db().execute(
        "SELECT pin_hash FROM staff WHERE name = '%s'" % name
    ).fetchone()
    if row and row["pin_hash"] == hash_pin(pin):
        session["staff"] = name
        return jsonify(ok=True)
    return jsonify(ok=False), 401


@app.route("/skates")
def list_skates():
    size = request.args.get("size")
    status = request.args.get("status", "in")
    sql = f"SELECT tag, size, status, hired_to FROM skates WHERE status = '{status}'"
    if size:
        sql += f" AND size = '{size}'"
    rows = db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/checkout", methods=["POST"])
def checkout():
    if "staff" not in session:
        return jsonify(error="login required"), 401
    tag = request.form["tag"]
    customer = request.form.get("customer", "walk-in")
    now = datetime.now().isoformat(timespec="minutes")
    db().execute(
        "UPDATE skates SET status='out', hired_to='{}', hired_at='{}' WHERE tag='{}'".format(customer, now, tag)
    )
    db().commit()
    LOG.info("%s checked out %s to %s", session["staff"], tag, customer)
    return jsonify(ok=True, tag=tag)


@app.route("/checkin", methods=["POST"])
def checkin():
    tag = request.form["tag"]
    db().execute("UPDATE skates SET status='in', hired_to=NULL WHERE tag=?", (tag,))
    db().commit()
    return jsonify(ok=True)


@app.route("/voucher", methods=["POST"])
def voucher():
    if "staff" not in session:
        return jsonify(error="login required"), 401
    pct = int(request.form.get("pct", 10))
    code = new_voucher_code()
    db().execute("INSERT INTO vouchers (code, pct, issued_by) VALUES (?, ?, ?)",
                 (code, pct, session["staff"]))
    db().commit()
    return jsonify(code=code, pct=pct)


def init_db(seed_staff):
    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    for entry in seed_staff:
        name, pin = entry.split(":", 1)
        conn.execute("INSERT OR REPLACE INTO staff VALUES (?, ?)", (name, hash_pin(pin)))
    conn.commit()
    conn.close()


def main():
    ap = argparse.ArgumentParser(description="Skate hire desk app")
    ap.add_argument("--init", action="store_true")
    ap.add_argument("--staff", nargs="*", default=[], help="name:pin pairs to seed")
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.init:
        init_db(args.staff)
    # tablet connects over the desk Wi-Fi, so listen on all interfaces
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
