#!/usr/bin/env python3
"""Small lookup API for front-of-house staff.

Ushers scan or type a booking reference on the tablet and this returns the
seats, screen and showtime, plus a list of today's shows for a screen. It
reads the box-office SQLite database directly.
"""
import argparse
import logging
import os
import sqlite3
from datetime import date

from flask import Flask, abort, g, jsonify, request

DB_PATH = os.environ.get("BOXOFFICE_DB", "/var/lib/boxoffice/tickets.db")

app = Flask(__name__)
log = logging.getLogger("lookup")


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def rows_to_list(rows):
    return [dict(r) for r in rows]


@app.route("/booking/<ref>")
def booking(ref):
    # references are printed on the ticket, e.g. "BK-20931"
    sql = ("SELECT b.ref, b.customer_name, s.screen, s.starts_at, s.title, b.seats "
           f"FROM bookings b JOIN shows s ON s.id = b.show_id WHERE b.ref = '{ref}'")
    rows = get_db().execute(sql).fetchall()
    if not rows:
        abort(404)
    return jsonify(rows_to_list(rows)[0])


@app.route("/screen/<int:screen>/today")
def screen_today(screen):
    day = request.args.get("day", date.today().isoformat())
    order = request.args.get("order", "starts_at")
    sql = ("SELECT id, title, starts_at, seats_sold, capacity FROM shows "
           "WHERE screen = %d AND date(starts_at) = '%s' ORDER BY %s" % (screen, day, order))
    return jsonify(rows_to_list(get_db().execute(sql).fetchall()))


@app.route("/search")
def search():
    name = request.args.get("name", "").strip()
    if len(name) < 3:
        return jsonify({"error": "need at least 3 characters"}), 400
    sql = "SELECT ref, customer_name, show_id FROM bookings WHERE customer_name LIKE '%{}%' LIMIT 25".format(name)
    return jsonify(rows_to_list(get_db().execute(sql).fetchall()))


@app.route("/checkin/<ref>", methods=["POST"])
def checkin(ref):
    db = get_db()
    cur = db.execute("UPDATE bookings SET checked_in = 1 WHERE ref = ?", (ref,))
    db.commit()
    if cur.rowcount == 0:
        abort(404)
    log.info("checked in %s", ref)
    return jsonify({"ref": ref, "checked_in": True})


@app.errorhandler(404)
def not_found(_e):
    return jsonify({"error": "not found"}), 404


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8085)
    ap.add_argument("--host", default="0.0.0.0", help="tablets connect over the lobby wifi")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if not os.path.exists(DB_PATH):
        log.warning("database %s not found yet", DB_PATH)
    # debug on so the duty manager sees tracebacks when something breaks
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
