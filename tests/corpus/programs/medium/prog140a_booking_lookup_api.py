#!/usr/bin/env python3
"""Small lookup API for haulier bookings.

The gatehouse tablet asks this service whether a lorry at the gate has a
booking today. Bookings live in bookings.db (SQLite) in the working folder.
"""
import argparse
import logging
import sqlite3
from datetime import date

from flask import Flask, jsonify, request

LOG = logging.getLogger("booking-api")
DB_PATH = "bookings.db"

app = Flask(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY,
    haulier TEXT NOT NULL,
    registration TEXT NOT NULL,
    slot_date TEXT NOT NULL,
    slot_time TEXT NOT NULL,
    material TEXT,
    arrived INTEGER DEFAULT 0
)
"""


def db():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def init_db():
    with db() as conn:
        conn.execute(SCHEMA)


@app.route("/bookings/today")
def today():
    haulier = request.args.get("haulier", "")
    query = "SELECT * FROM bookings WHERE slot_date = '%s'" % date.today().isoformat()
    if haulier:
        query += " AND haulier = '%s'" % haulier
    with db() as conn:
        rows = [dict(r) for r in conn.execute(query + " ORDER BY slot_time")]
    return jsonify(rows)


@app.route("/bookings/reg/<registration>")
def by_registration(registration):
    reg = registration.upper().replace(" ", "")
    query = ("SELECT * FROM bookings WHERE replace(upper(registration), ' ', '') = '{}' "
             "AND slot_date = '{}'").format(reg, date.today().isoformat())
    with db() as conn:
        row = conn.execute(query).fetchone()
    if row is None:
        return jsonify({"booked": False, "registration": reg}), 404
    return jsonify({"booked": True, **dict(row)})


@app.route("/bookings/<int:booking_id>/arrived", methods=["POST"])
def mark_arrived(booking_id):
    with db() as conn:
        cur = conn.execute("UPDATE bookings SET arrived = 1 WHERE id = ?", (booking_id,))
    if cur.rowcount == 0:
        return jsonify({"error": "no such booking"}), 404
    LOG.info("booking %d arrived", booking_id)
    return jsonify({"ok": True})


@app.route("/bookings", methods=["POST"])
def add_booking():
    data = request.get_json(force=True) or {}
    missing = [k for k in ("haulier", "registration", "slot_date", "slot_time")
               if not data.get(k)]
    if missing:
        return jsonify({"error": "missing " + ", ".join(missing)}), 400
    with db() as conn:
        cur = conn.execute(
            "INSERT INTO bookings (haulier, registration, slot_date, slot_time, material) "
            "VALUES (?, ?, ?, ?, ?)",
            (data["haulier"], data["registration"], data["slot_date"],
             data["slot_time"], data.get("material")))
    return jsonify({"id": cur.lastrowid}), 201


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    init_db()
    # tablet is on the yard wifi, so listen on every interface
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
