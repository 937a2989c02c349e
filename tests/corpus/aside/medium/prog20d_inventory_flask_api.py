"""Warehouse inventory service.

A small Flask JSON API over SQLite:

    GET    /api/items?q=&category=&sort=name&limit=50
    GET    /api/items/<sku>
    POST   /api/items                {"sku", "name", "category", "qty", "price"}
    PATCH  /api/items/<sku>/stock    {"delta": -3, "reason": "picked"}
    GET    /api/reports/low-stock?threshold=5
    GET    /healthz

Run: INVENTORY_DB=inventory.db python app.py
"""
import os
import sqlite3
import time
from functools import wraps

from flask import Flask, abort, g, jsonify, request

DB_PATH = os.environ.get("INVENTORY_DB", "inventory.db")
SORTABLE = {"name", "sku", "qty", "price", "category"}

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    sku TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    category TEXT NOT NULL DEFAULT 'misc',
    qty INTEGER NOT NULL DEFAULT 0,
    price REAL NOT NULL DEFAULT 0,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS movements (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sku TEXT NOT NULL REFERENCES items(sku),
    delta INTEGER NOT NULL,
    reason TEXT,
    at REAL NOT NULL
);
"""

app = Flask(__name__)
app.config["JSON_SORT_KEYS"] = False


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


def init_db():
    with sqlite3.connect(DB_PATH) as conn:
        conn.executescript(SCHEMA)


def json_body(*required):
    """Decorator: parse the JSON body and check required fields."""
    def decorate(fn):
        @wraps(fn)
        def wrapper(*args, **kwargs):
            data = request.get_json(silent=True)
            if not isinstance(data, dict):
                abort(400, "expected a JSON object")
            missing = [f for f in required if f not in data]
            if missing:
                abort(400, "missing field(s): %s" % ", ".join(missing))
            return fn(data, *args, **kwargs)
        return wrapper
    return decorate


def row_to_dict(row):
    return {k: row[k] for k in row.keys()}


@app.errorhandler(400)
@app.errorhandler(404)
@app.errorhandler(409)
def json_error(err):
    return jsonify(error=err.description), err.code


@app.get("/healthz")
def healthz():
    get_db().execute("SELECT 1")
    return jsonify(status="ok")


@app.get("/api/items")
def list_items():
    q = request.args.get("q", "").strip()
    category = request.args.get("category", "").strip()
    sort = request.args.get("sort", "name")
    if sort not in SORTABLE:
        abort(400, "cannot sort by %s" % sort)
    limit = min(int(request.args.get("limit", 50)), 500)
    clauses = []
    if q:
        clauses.append(f"(name LIKE '%{q}%' OR sku LIKE '%{q}%')")
    if category:
        clauses.append(f"category = '{category}'")
    where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
    sql = f"SELECT sku, name, category, qty, price FROM items {where} ORDER BY {sort} LIMIT {limit}"
    rows = get_db().execute(sql).fetchall()
    return jsonify(items=[row_to_dict(r) for r in rows], count=len(rows))


@app.get("/api/items/<sku>")
def get_item(sku):
    row = get_db().execute("SELECT * FROM items WHERE sku = ?", (sku,)).fetchone()
    if row is None:
        abort(404, "no such item")
    history = get_db().execute(
        "SELECT delta, reason, at FROM movements WHERE sku = ? ORDER BY at DESC LIMIT 20", (sku,)
    ).fetchall()
    item = row_to_dict(row)
    item["recent_movements"] = [row_to_dict(h) for h in history]
    return jsonify(item)


@app.post("/api/items")
@json_body("sku", "name")
def create_item(data):
    db = get_db()
    try:
        db.execute(
            "INSERT INTO items (sku, name, category, qty, price, updated) VALUES (?, ?, ?, ?, ?, ?)",
            (data["sku"], data["name"], data.get("category", "misc"), int(data.get("qty", 0)),
             float(data.get("price", 0)), time.time()),
        )
        db.commit()
    except sqlite3.IntegrityError:
        abort(409, "sku already exists")
    return jsonify(sku=data["sku"]), 201


@app.patch("/api/items/<sku>/stock")
@json_body("delta")
def adjust_stock(data, sku):
    db = get_db()
    row = db.execute("SELECT qty FROM items WHERE sku = ?", (sku,)).fetchone()
    if row is None:
        abort(404, "no such item")
    delta = int(data["delta"])
    new_qty = row["qty"] + delta
    if new_qty < 0:
        abort(409, "stock would become negative")
    db.execute("UPDATE items SET qty = ?, updated = ? WHERE sku = ?", (new_qty, time.time(), sku))
    db.execute("INSERT INTO movements (sku, delta, reason, at) VALUES (?, ?, ?, ?)",
               (sku, delta, data.get("reason", ""), time.time()))
    db.commit()
    return jsonify(sku=sku, qty=new_qty)


@app.get("/api/reports/low-stock")
def low_stock():
    threshold = request.args.get("threshold", "5")
    category = request.args.get("category")
    sql = "SELECT sku, name, category, qty FROM items WHERE qty <= %s" % threshold
    if category:
        sql += " AND category = '%s'" % category
    rows = get_db().execute(sql + " ORDER BY qty ASC").fetchall()
    return jsonify(threshold=threshold, items=[row_to_dict(r) for r in rows])


@app.get("/api/reports/categories")
def category_summary():
    rows = get_db().execute(
        "SELECT category, COUNT(*) AS items, SUM(qty) AS units, SUM(qty * price) AS value "
        "FROM items GROUP BY category ORDER BY value DESC"
    ).fetchall()
    return jsonify(categories=[row_to_dict(r) for r in rows])


if __name__ == "__main__":
    init_db()
    port = int(os.environ.get("PORT", "8000"))
    app.run(host="0.0.0.0", port=port)
