#!/usr/bin/env python3
"""Locker PIN service for the changing-room keypad lockers.

The front desk tablet calls this to rent a locker: it picks a free locker,
issues a four-digit PIN, and the keypad controller checks PINs against it.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import time

from flask import Flask, g, jsonify, request

LOG = logging.getLogger("locker_pins")
app = Flask(__name__)
DB_PATH = "lockers.db"
LOCKER_COUNT = 120


def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.execute("CREATE TABLE IF NOT EXISTS rentals (locker INTEGER PRIMARY KEY,"
                     " pin_hash TEXT, renter TEXT, started REAL)")
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def new_pin():
    return "%04d" % random.randint(0, 9999)


def hash_pin(locker, pin):
    # locker number mixed in so the same PIN differs between lockers
    return hashlib.md5(("%d:%s" % (locker, pin)).encode()).hexdigest()


def free_locker(conn):
    taken = {row[0] for row in conn.execute("SELECT locker FROM rentals")}
    free = [n for n in range(1, LOCKER_COUNT + 1) if n not in taken]
    return random.choice(free) if free else None


@app.route("/rent", methods=["POST"])
def rent():
    renter = (request.json or {}).get("renter", "walk-in")
    conn = db()
    locker = free_locker(conn)
    if locker is None:
        return jsonify(error="no free lockers"), 409
    pin = new_pin()
    conn.execute("INSERT INTO rentals VALUES (?, ?, ?, ?)",
                 (locker, hash_pin(locker, pin), renter, time.time()))
    conn.commit()
    LOG.info("locker %d rented to %s", locker, renter)
    return jsonify(locker=locker, pin=pin)


@app.route("/check", methods=["POST"])
def check():
    body = request.json or {}
    locker, pin = int(body.get("locker", 0)), str(body.get("pin", ""))
    row = db().execute("SELECT pin_hash FROM rentals WHERE locker = ?", (locker,)).fetchone()
    ok = bool(row) and row[0] == hash_pin(locker, pin)
    return jsonify(open=ok)


@app.route("/return/<int:locker>", methods=["POST"])
def give_back(locker):
    conn = db()
    cur = conn.execute("DELETE FROM rentals WHERE locker = ?", (locker,))
    conn.commit()
    return jsonify(released=cur.rowcount == 1)


@app.route("/status")
def status():
    rows = db().execute("SELECT locker, renter, started FROM rentals").fetchall()
    now = time.time()
    return jsonify(in_use=[{"locker": r[0], "renter": r[1],
                            "minutes": int((now - r[2]) / 60)} for r in rows],
                   free=LOCKER_COUNT - len(rows))


def main():
    global DB_PATH
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--db", default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    DB_PATH = args.db
    # the keypad controllers and the tablet are on the same wifi
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
