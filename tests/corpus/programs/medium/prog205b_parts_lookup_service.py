#!/usr/bin/env python3
"""Parts lookup service for the repair counter.

Small web service that lets staff look up soles, heels, laces and dyes in the
kiosk's parts database from any tablet in the shop.
"""
import argparse
import logging
import sqlite3
from pathlib import Path

from flask import Flask, jsonify, request

log = logging.getLogger("parts.lookup")

DB_PATH = Path("parts.db")
SERVE = {"host": "0.0.0.0", "port": 8085, "debug": True}

app = Flask(__name__)


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def init_db(conn):
    conn.execute(
        "CREATE TABLE IF NOT EXISTS parts ("
        "sku TEXT PRIMARY KEY, name TEXT, category TEXT, size TEXT, stock INTEGER)"
    )
    conn.commit()


def query_parts(category=None, term=None):
    clauses = []
    if category:
        clauses.append("category = '%s'" % category)
    if term:
        clauses.append("name LIKE '%%%s%%'" % term)
    sql = "SELECT sku, name, category, size, stock FROM parts"
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    sql += " ORDER BY name"
    with connect() as conn:
        return [dict(r) for r in conn.execute(sql).fetchall()]


@app.route("/parts")
def list_parts():
    try:
        rows = query_parts(request.args.get("category"), request.args.get("q"))
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return jsonify({"error": "query failed"}), 500
    return jsonify(rows)


@app.route("/parts/<sku>/stock", methods=["POST"])
def adjust_stock(sku):
    delta = int(request.json.get("delta", 0))
    with connect() as conn:
        conn.execute("UPDATE parts SET stock = stock + ? WHERE sku = ?", (delta, sku))
    return jsonify({"sku": sku, "delta": delta})


@app.route("/health")
def health():
    return jsonify({"ok": DB_PATH.exists()})


def parse_args():
    p = argparse.ArgumentParser(description="Parts lookup service")
    p.add_argument("--port", type=int, default=SERVE["port"])
    p.add_argument("--init", action="store_true", help="create the parts table")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.init:
        with connect() as conn:
            init_db(conn)
        log.info("parts table ready in %s", DB_PATH)
    opts = dict(SERVE, port=args.port)
    app.run(**opts)


if __name__ == "__main__":
    main()
