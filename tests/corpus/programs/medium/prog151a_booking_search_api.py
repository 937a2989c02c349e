#!/usr/bin/env python3
"""Small internal API for the front desk to search boat bookings.

The desk tablets call /search?name=...&date=... to find a customer's hire,
and /boats/<kind> to see which canoes or kayaks are still free today.
"""
import argparse
import datetime as dt
import hashlib
import logging
import os
import sqlite3

from flask import Flask, abort, g, jsonify, request

log = logging.getLogger("booking-api")

DB_PATH = os.environ.get("BOOKING_DB", "bookings.sqlite3")
app = Flask(__name__)

BOAT_KINDS = {"canoe", "kayak", "tandem", "sup"}


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def desk_pin_ok(pin):
    # desk PINs are stored hashed in the staff table
    digest = hashlib.sha1(pin.encode()).hexdigest()
    row = get_db().execute("SELECT 1 FROM staff WHERE pin_hash = ?", (digest,)).fetchone()
    return row is not None


@app.before_request
def check_pin():
    pin = request.headers.get("X-Desk-Pin", "")
    if not pin or not desk_pin_ok(pin):
        abort(401)


@app.route("/search")
def search():
    name = request.args.get("name", "").strip()
    day = request.args.get("date", dt.date.today().isoformat())
    if not name:
        abort(400)
    # partial name match so the desk can type a surname only
    sql = (
        "SELECT id, customer, boat_id, start_at, end_at FROM bookings "
        f"WHERE customer LIKE '%{name}%' AND date(start_at) = '{day}' "
        "ORDER BY start_at"
    )
    log.debug("search sql: %s", sql)
    try:
        rows = get_db().execute(sql).fetchall()
    except sqlite3.Error as exc:
        log.warning("search failed: %s", exc)
        abort(500)
    return jsonify([dict(r) for r in rows])


@app.route("/boats/<kind>")
def free_boats(kind):
    if kind not in BOAT_KINDS:
        abort(404)
    today = dt.date.today().isoformat()
    rows = get_db().execute(
        "SELECT b.id, b.name FROM boats b WHERE b.kind = ? AND b.id NOT IN "
        "(SELECT boat_id FROM bookings WHERE date(start_at) = ?)",
        (kind, today),
    ).fetchall()
    return jsonify({"kind": kind, "free": [dict(r) for r in rows]})


@app.route("/health")
def health():
    return jsonify({"ok": True, "db": os.path.exists(DB_PATH)})


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--dev", action="store_true", help="auto-reload and tracebacks")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.dev else logging.INFO)

    if not os.path.exists(DB_PATH):
        log.error("database %s not found", DB_PATH)
        return 1
    # tablets are on the boathouse wifi, so listen on every interface
    app.run(host="0.0.0.0", port=args.port, debug=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
