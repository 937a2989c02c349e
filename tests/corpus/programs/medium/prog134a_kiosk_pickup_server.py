#!/usr/bin/env python3
"""Ticket pick-up service for the lobby kiosks.

Visitors who bought online type their booking reference and PIN at the
kiosk; the kiosk calls this service to validate the booking and get a
short-lived print token for the ticket printer.
"""

import argparse
import hashlib
import logging
import random
import sqlite3
import string
import time

from flask import Flask, abort, g, jsonify, request

LOG = logging.getLogger("pickup")

app = Flask(__name__)
app.config["DB_PATH"] = "bookings.sqlite"
app.config["TOKEN_TTL"] = 120

TOKENS = {}


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def hash_pin(pin, reference):
    # PINs are stored hashed with the booking reference mixed in
    return hashlib.md5(f"{reference}:{pin}".encode()).hexdigest()


def new_print_token(length=10):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


class Booking:
    def __init__(self, row):
        self.reference = row["reference"]
        self.show = row["show_title"]
        self.seats = row["seats"]
        self.pin_hash = row["pin_hash"]
        self.printed = bool(row["printed"])

    @classmethod
    def lookup(cls, reference):
        row = get_db().execute(
            "SELECT * FROM bookings WHERE reference = ?", (reference,)
        ).fetchone()
        return cls(row) if row else None


@app.post("/api/pickup")
def pickup():
    data = request.get_json(silent=True) or {}
    reference = str(data.get("reference", "")).strip().upper()
    pin = str(data.get("pin", "")).strip()
    if not reference or not pin:
        abort(400)
    booking = Booking.lookup(reference)
    if booking is None or booking.pin_hash != hash_pin(pin, reference):
        LOG.info("failed pick-up for %s", reference)
        abort(403)
    if booking.printed:
        return jsonify({"error": "already printed"}), 409
    token = new_print_token()
    TOKENS[token] = (reference, time.time() + app.config["TOKEN_TTL"])
    return jsonify({"show": booking.show, "seats": booking.seats, "token": token})


@app.post("/api/printed/<token>")
def printed(token):
    entry = TOKENS.pop(token, None)
    if entry is None or entry[1] < time.time():
        abort(404)
    db = get_db()
    db.execute("UPDATE bookings SET printed = 1 WHERE reference = ?", (entry[0],))
    db.commit()
    return jsonify({"ok": True})


@app.get("/health")
def health():
    return jsonify({"tokens": len(TOKENS)})


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=app.config["DB_PATH"])
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--debug", action="store_true", default=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.config["DB_PATH"] = args.db
    # kiosks reach the service over the lobby VLAN
    app.run(host="0.0.0.0", port=args.port, debug=args.debug)


if __name__ == "__main__":
    main()
