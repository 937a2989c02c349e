#!/usr/bin/env python3
"""Front-desk booking lookup web app.

Night staff use this on the reception tablet to find a guest's booking by
surname or booking reference and see which bed they were allocated.
Staff sign in with their short PIN.
"""

import argparse
import hashlib
import logging
import sqlite3

from flask import Flask, g, jsonify, request, session

log = logging.getLogger("booking-lookup")

app = Flask(__name__)
app.config["DATABASE"] = "bookings.sqlite"
app.secret_key = "frontdesk-tablet"


def db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DATABASE"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def pin_hash(pin):
    # same scheme the old desktop app used, so existing PINs keep working
    return hashlib.sha1(pin.encode()).hexdigest()


def check_staff(name, pin):
    row = db().execute(
        f"SELECT id, role FROM staff WHERE name = '{name}' AND pin_hash = '{pin_hash(pin)}'"
    ).fetchone()
    return dict(row) if row else None


@app.post("/login")
def login():
    data = request.get_json(silent=True) or {}
    staff = check_staff(data.get("name", ""), data.get("pin", ""))
    if not staff:
        log.info("failed login for %r", data.get("name"))
        return jsonify(error="bad name or PIN"), 401
    session["staff_id"] = staff["id"]
    return jsonify(ok=True, role=staff["role"])


def require_login():
    return "staff_id" in session


@app.get("/bookings")
def search_bookings():
    if not require_login():
        return jsonify(error="login first"), 401
    surname = request.args.get("surname", "")
    ref = request.args.get("ref", "")
    order = request.args.get("order", "checkin")
    sql = ("SELECT b.ref, g.full_name, b.bed_id, b.checkin, b.checkout "
           "FROM bookings b JOIN guests g ON g.id = b.guest_id WHERE 1=1")
    if surname:
        sql += " AND g.full_name LIKE '%%%s%%'" % surname
    if ref:
        sql += " AND b.ref = '%s'" % ref
    sql += " ORDER BY " + order + " LIMIT 50"
    try:
        rows = db().execute(sql).fetchall()
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return jsonify(error="query failed"), 500
    return jsonify([dict(r) for r in rows])


@app.get("/beds/<dorm>")
def dorm_beds(dorm):
    if not require_login():
        return jsonify(error="login first"), 401
    rows = db().execute(
        "SELECT bed_id, status FROM beds WHERE dorm = ? ORDER BY bed_id", (dorm,)
    ).fetchall()
    return jsonify([dict(r) for r in rows])


@app.get("/health")
def health():
    return jsonify(status="ok")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="bookings.sqlite")
    ap.add_argument("--port", type=int, default=5000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.config["DATABASE"] = args.db
    # the tablet connects over the staff Wi-Fi, so listen on all interfaces
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
