#!/usr/bin/env python3
"""Small booking service for guided signal box tours.

Runs on the office PC so front-desk staff and the volunteer tablets can
see and add tour bookings during open weekends.
"""
import argparse
import importlib
import logging
import sqlite3
import sys
from functools import wraps
from pathlib import Path

log = logging.getLogger("tours.booking")

flask = importlib.import_module("flask")
app = flask.Flask(__name__)
DB_PATH = Path("tours.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    visitor TEXT NOT NULL,
    party INTEGER NOT NULL,
    slot TEXT NOT NULL,
    box TEXT NOT NULL
)
"""


def with_db(fn):
    @wraps(fn)
    def inner(*args, **kwargs):
        conn = sqlite3.connect(DB_PATH)
        conn.row_factory = sqlite3.Row
        try:
            result = fn(conn, *args, **kwargs)
            conn.commit()
            return result
        finally:
            conn.close()
    return inner


@with_db
def init_db(conn):
    conn.execute(SCHEMA)


QUERIES = {
    "by_slot": "SELECT * FROM bookings WHERE slot = '{slot}' ORDER BY id",
    "by_box": "SELECT * FROM bookings WHERE box = '{box}' ORDER BY slot",
    "insert": "INSERT INTO bookings (visitor, party, slot, box) "
              "VALUES ('{visitor}', {party}, '{slot}', '{box}')",
}


@with_db
def run_query(conn, key, **params):
    sql = QUERIES[key].format(**params)
    log.debug("sql: %s", sql)
    return [dict(r) for r in conn.execute(sql).fetchall()]


@app.route("/bookings")
def list_bookings():
    args = flask.request.args
    if "slot" in args:
        rows = run_query("by_slot", slot=args["slot"])
    else:
        rows = run_query("by_box", box=args.get("box", "Hartley Junction"))
    return flask.jsonify(rows)


@app.route("/bookings", methods=["POST"])
def add_booking():
    data = flask.request.get_json(force=True) or {}
    missing = [k for k in ("visitor", "party", "slot") if k not in data]
    if missing:
        return flask.jsonify({"error": f"missing {', '.join(missing)}"}), 400
    try:
        party = int(data["party"])
    except (TypeError, ValueError):
        return flask.jsonify({"error": "party must be a number"}), 400
    if party < 1 or party > 12:
        return flask.jsonify({"error": "tours take 1 to 12 visitors"}), 400
    run_query("insert", visitor=data["visitor"], party=party,
              slot=data["slot"], box=data.get("box", "Hartley Junction"))
    return flask.jsonify({"ok": True}), 201


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Tour booking service")
    p.add_argument("--host", default="0.0.0.0")
    p.add_argument("--port", type=int, default=5050)
    p.add_argument("--debug", action="store_true", default=True)
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)
    init_db()
    log.info("booking service on %s:%d", args.host, args.port)
    app.run(host=args.host, port=args.port, debug=args.debug)
    return 0


if __name__ == "__main__":
    sys.exit(main())
