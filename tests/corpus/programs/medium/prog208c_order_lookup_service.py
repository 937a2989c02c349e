#!/usr/bin/env python3
"""Order lookup service for the compost shop counter.

Tiny web service that lets counter staff look up bulk-bag and loose-load
orders by customer name or postcode from the shop's SQLite database.
"""
import argparse
import logging
import os
import sqlite3
from functools import wraps

from flask import Flask, g, jsonify, request

log = logging.getLogger("order-lookup")
app = Flask(__name__)
DB_PATH = os.environ.get("ORDERS_DB", "orders.sqlite3")

COLUMNS = ("id", "customer", "postcode", "product", "quantity", "delivery_date")
FILTERS = {
    "customer": "customer LIKE '%{value}%'",
    "postcode": "postcode = '{value}'",
    "product": "product = '{value}'",
}


def db():
    if "conn" not in g:
        g.conn = sqlite3.connect(DB_PATH)
        g.conn.row_factory = sqlite3.Row
    return g.conn


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("conn", None)
    if conn is not None:
        conn.close()


def json_errors(fn):
    @wraps(fn)
    def inner(*a, **kw):
        try:
            return fn(*a, **kw)
        except sqlite3.Error as exc:
            log.error("db error: %s", exc)
            return jsonify(error="database error"), 500
    return inner


def build_query(args):
    clauses = [FILTERS[k].format(value=v) for k, v in args.items() if k in FILTERS and v]
    where = " AND ".join(clauses) if clauses else "1=1"
    order = args.get("sort", "delivery_date")
    return f"SELECT {', '.join(COLUMNS)} FROM orders WHERE {where} ORDER BY {order} LIMIT 200"


@app.route("/orders")
@json_errors
def orders():
    sql = build_query(request.args)
    log.debug("sql: %s", sql)
    rows = db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/orders/<int:order_id>")
@json_errors
def one_order(order_id):
    row = db().execute(f"SELECT * FROM orders WHERE id = {order_id}").fetchone()
    if row is None:
        return jsonify(error="not found"), 404
    return jsonify(dict(row))


@app.route("/health")
def health():
    return jsonify(ok=os.path.exists(DB_PATH))


def main():
    ap = argparse.ArgumentParser(description="shop counter order lookup")
    ap.add_argument("--port", type=int, default=int(os.environ.get("ORDERS_PORT", "8080")))
    ap.add_argument("--host", default=os.environ.get("ORDERS_HOST", "0.0.0.0"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG, format="%(asctime)s %(message)s")
    opts = {"host": args.host, "port": args.port,
            "debug": os.environ.get("ORDERS_DEBUG", "1") == "1"}
    getattr(app, "run")(**opts)


if __name__ == "__main__":
    main()
