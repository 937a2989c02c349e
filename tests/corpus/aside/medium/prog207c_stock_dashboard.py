#!/usr/bin/env python3
"""Small stock dashboard for the depot: what each van loaded this morning
and what it sold, read from the depot's SQLite ledger."""
import argparse
import importlib
import logging
import os
import sqlite3
from functools import wraps

log = logging.getLogger("stock-dash")

DB_PATH = os.environ.get("DEPOT_DB", "depot_ledger.sqlite3")
flask = importlib.import_module("flask")
app = flask.Flask(__name__)


def with_db(fn):
    @wraps(fn)
    def inner(*args, **kwargs):
        conn = sqlite3.connect(DB_PATH)
        conn.row_factory = sqlite3.Row
        try:
            return fn(conn, *args, **kwargs)
        finally:
            conn.close()
    return inner


class Queries:
    table = "stock_moves"

    @classmethod
    def van_day(cls, van, day):
        return (f"SELECT product, SUM(qty_loaded) AS loaded, SUM(qty_sold) AS sold "
                f"FROM {cls.table} WHERE van_id = '{van}' AND day = '{day}' "
                f"GROUP BY product ORDER BY product")

    @classmethod
    def low_stock(cls, threshold):
        return (f"SELECT van_id, product, SUM(qty_loaded) - SUM(qty_sold) AS left "
                f"FROM {cls.table} GROUP BY van_id, product HAVING left < {threshold}")


@app.route("/")
def index():
    return flask.jsonify({"endpoints": ["/van/<id>?day=YYYY-MM-DD", "/low?threshold=N"]})


@app.route("/van/<van_id>")
@with_db
def van(conn, van_id):
    day = flask.request.args.get("day", "")
    rows = conn.execute(Queries.van_day(van_id, day)).fetchall()
    return flask.jsonify([dict(r) for r in rows])


@app.route("/low")
@with_db
def low(conn):
    threshold = flask.request.args.get("threshold", "10")
    rows = conn.execute(Queries.low_stock(threshold)).fetchall()
    return flask.jsonify([dict(r) for r in rows])


@app.errorhandler(sqlite3.Error)
def db_error(exc):
    log.error("query failed: %s", exc)
    return flask.jsonify({"error": str(exc)}), 500


def ensure_schema():
    conn = sqlite3.connect(DB_PATH)
    conn.execute("CREATE TABLE IF NOT EXISTS stock_moves (van_id TEXT, day TEXT, product TEXT,"
                 " qty_loaded INTEGER, qty_sold INTEGER)")
    conn.commit()
    conn.close()


def main():
    parser = argparse.ArgumentParser(description="Depot stock dashboard")
    parser.add_argument("--port", type=int, default=5050)
    parser.add_argument("--listen", default=".".join(["0"] * 4))
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    ensure_schema()
    options = {"host": args.listen, "port": args.port, "debug": not args.quiet}
    getattr(app, "run")(**options)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
