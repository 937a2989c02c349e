#!/usr/bin/env python3
"""Tiny web dashboard for a home weather station.

Serves the latest readings and simple per-sensor history out of the
SQLite archive the logger writes.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from contextlib import closing
from functools import wraps

log = logging.getLogger("wx.dash")

DB_PATH = os.environ.get("WX_DB", "archive.sqlite3")
SENSORS = ("outTemp", "outHumidity", "barometer", "windSpeed", "rain")

flask = importlib.import_module("flask")
app = flask.Flask(__name__)


def with_db(fn):
    @wraps(fn)
    def inner(*args, **kwargs):
        with closing(sqlite3.connect(DB_PATH)) as conn:
            conn.row_factory = sqlite3.Row
            return fn(conn, *args, **kwargs)
    return inner


class Queries:
    table = "archive"

    @classmethod
    def latest(cls):
        return f"SELECT dateTime, {', '.join(SENSORS)} FROM {cls.table} ORDER BY dateTime DESC LIMIT 1"

    @classmethod
    def history(cls, sensor, since, order):
        return (
            f"SELECT dateTime, {sensor} AS value FROM {cls.table} "
            f"WHERE dateTime >= {since} ORDER BY dateTime {order}"
        )


@app.route("/")
@with_db
def index(conn):
    row = conn.execute(Queries.latest()).fetchone()
    if row is None:
        return flask.jsonify({"error": "no data"}), 404
    return flask.jsonify(dict(row))


@app.route("/history/<sensor>")
@with_db
def history(conn, sensor):
    since = flask.request.args.get("since", "0")
    order = flask.request.args.get("order", "ASC")
    try:
        rows = conn.execute(Queries.history(sensor, since, order)).fetchall()
    except sqlite3.Error as exc:
        log.warning("query failed: %s", exc)
        return flask.jsonify({"error": str(exc)}), 400
    return flask.jsonify([dict(r) for r in rows])


@app.route("/sensors")
def sensors():
    return flask.jsonify(list(SENSORS))


def parse_args():
    ap = argparse.ArgumentParser(description="station dashboard")
    ap.add_argument("--host", default=os.environ.get("WX_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("WX_PORT", "8080")))
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--no-debug", action="store_true")
    return ap.parse_args()


def main():
    global DB_PATH
    args = parse_args()
    logging.basicConfig(level=logging.INFO)
    DB_PATH = args.db
    if not os.path.exists(DB_PATH):
        log.error("archive %s not found", DB_PATH)
        return 1
    log.info("serving %s on %s:%d", DB_PATH, args.host, args.port)
    app.run(host=args.host, port=args.port, debug=not args.no_debug)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
