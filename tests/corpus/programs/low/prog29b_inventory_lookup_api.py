#!/usr/bin/env python3
"""Small inventory lookup API used by the warehouse team.

Serves product lookups out of a local SQLite file (inventory.db in the
working directory).  Runs behind the team's reverse proxy, so it only
listens on the loopback interface.
"""
import argparse
import logging
import os
import sqlite3
from contextlib import closing

from flask import Flask, abort, g, jsonify, request

DB_FILE = os.environ.get("INVENTORY_DB", "inventory.db")
SORT_COLUMNS = {
    "sku": "sku",
    "name": "name",
    "qty": "qty",
    "location": "location",
    "updated": "updated_at",
}

log = logging.getLogger("inventory")
app = Flask(__name__)


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_FILE)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_schema(path):
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript(
            """
            CREATE TABLE IF NOT EXISTS items (
                sku TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                qty INTEGER NOT NULL DEFAULT 0,
                location TEXT,
                updated_at TEXT DEFAULT CURRENT_TIMESTAMP
            );
            """
        )
        conn.commit()


def rows_to_dicts(rows):
    return [dict(r) for r in rows]


def bounded_int(raw, default, lo, hi):
    try:
        value = int(raw)
    except (TypeError, ValueError):
        return default
    return max(lo, min(hi, value))


@app.route("/items")
def list_items():
    location = request.args.get("location", "")
    column = SORT_COLUMNS.get(request.args.get("order", "sku"))
    if column is None:
        abort(400, "unsupported sort column")
    limit = bounded_int(request.args.get("limit"), 50, 1, 500)

    db = get_db()
    if location:
        rows = db.execute(
            "SELECT sku, name, qty, location, updated_at FROM items WHERE location = ?",
            (location,),
        ).fetchall()
    else:
        rows = db.execute("SELECT sku, name, qty, location, updated_at FROM items").fetchall()
    # sorting happens in Python so the SQL text never changes
    rows = sorted(rows, key=lambda r: (r[column] is None, r[column]))[:limit]
    return jsonify(rows_to_dicts(rows))


@app.route("/items/search")
def search_items():
    term = request.args.get("q", "").strip()
    if not term:
        return jsonify([])
    rows = get_db().execute(
        "SELECT sku, name, qty FROM items WHERE name LIKE ? OR sku = ?",
        (f"%{term}%", term),
    ).fetchall()
    return jsonify(rows_to_dicts(rows))


@app.route("/items/<sku>", methods=["PATCH"])
def adjust_qty(sku):
    payload = request.get_json(silent=True) or {}
    try:
        delta = int(payload.get("delta", 0))
    except (TypeError, ValueError):
        abort(400, "delta must be an integer")
    db = get_db()
    db.execute(
        "UPDATE items SET qty = qty + :delta, updated_at = CURRENT_TIMESTAMP WHERE sku = :sku",
        {"delta": delta, "sku": sku},
    )
    db.commit()
    row = db.execute("SELECT sku, name, qty FROM items WHERE sku = :sku", {"sku": sku}).fetchone()
    if row is None:
        abort(404)
    log.info("adjusted %s by %d -> %d", sku, delta, row["qty"])
    return jsonify(dict(row))


@app.route("/healthz")
def healthz():
    return {"status": "ok", "db": os.path.basename(DB_FILE)}


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--port", type=int, default=5050)
    p.add_argument("--init", action="store_true", help="create schema and exit")
    return p.parse_args()


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    args = parse_args()
    init_schema(DB_FILE)
    if args.init:
        log.info("schema ready in %s", DB_FILE)
        return
    app.run(host="127.0.0.1", port=args.port)


if __name__ == "__main__":
    main()
