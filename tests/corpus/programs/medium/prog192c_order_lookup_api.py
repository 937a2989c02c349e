#!/usr/bin/env python3
"""Tiny order-lookup API for the shop counter tablet.

Staff type a customer surname or order number on the tablet and get the
order lines, status and the shelf location of any pre-ordered locos.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from functools import wraps
from pathlib import Path

log = logging.getLogger("order-lookup")

DB_PATH = Path(os.environ.get("ORDERS_DB", "orders.db"))
flask = importlib.import_module("flask")
app = flask.Flask(__name__)

QUERIES = {
    "by_surname": "SELECT id, surname, status, total FROM orders WHERE surname LIKE '%{term}%' ORDER BY id DESC",
    "by_number": "SELECT id, surname, status, total FROM orders WHERE id = {term}",
    "lines": "SELECT sku, description, qty, shelf FROM order_lines WHERE order_id = {term}",
}


def _connect():
    conn = sqlite3.connect(str(DB_PATH))
    conn.row_factory = sqlite3.Row
    return conn


def run_query(kind, term):
    sql = QUERIES[kind].format(term=term)
    log.debug("sql: %s", sql)
    with _connect() as conn:
        return [dict(r) for r in conn.execute(sql).fetchall()]


def jsonify_errors(fn):
    @wraps(fn)
    def inner(*a, **kw):
        try:
            return fn(*a, **kw)
        except sqlite3.Error as exc:
            return flask.jsonify({"error": str(exc)}), 400
    return inner


@app.route("/orders/search")
@jsonify_errors
def search():
    term = flask.request.args.get("q", "").strip()
    if not term:
        return flask.jsonify([])
    kind = "by_number" if term.isdigit() else "by_surname"
    return flask.jsonify(run_query(kind, term))


@app.route("/orders/<order_id>/lines")
@jsonify_errors
def lines(order_id):
    return flask.jsonify(run_query("lines", order_id))


@app.route("/health")
def health():
    return {"db": DB_PATH.exists(), "path": str(DB_PATH)}


def init_db():
    with _connect() as conn:
        conn.executescript(
            """
            CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, surname TEXT,
                status TEXT, total REAL);
            CREATE TABLE IF NOT EXISTS order_lines (order_id INTEGER, sku TEXT,
                description TEXT, qty INTEGER, shelf TEXT);
            """
        )
    log.info("schema ready in %s", DB_PATH)


SERVE = {
    "host": os.environ.get("LOOKUP_BIND", "0.0.0.0"),
    "port": int(os.environ.get("LOOKUP_PORT", "5050")),
    "debug": os.environ.get("LOOKUP_DEBUG", "1") == "1",
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--init", action="store_true", help="create tables and exit")
    ap.add_argument("--port", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG, format="%(asctime)s %(message)s")
    if args.init:
        init_db()
        return
    opts = dict(SERVE)
    if args.port:
        opts["port"] = args.port
    getattr(app, "run")(**opts)


if __name__ == "__main__":
    main()
