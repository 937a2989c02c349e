#!/usr/bin/env python3
"""Warehouse inventory admin dashboard.

Quick internal tool for the ops team: search stock, adjust quantities and
export low-stock reports. Backed by a SQLite file in the working directory.
"""
import argparse
import csv
import io
import logging
import os
import sqlite3

from flask import Flask, Response, abort, g, jsonify, render_template_string, request

log = logging.getLogger("inventory")

DB_FILE = os.environ.get("INVENTORY_DB", "inventory.db")
LOW_STOCK_DEFAULT = 5

PAGE = """
<!doctype html>
<title>Inventory</title>
<form method="get" action="/search">
  <input name="q" value="{{ q }}"> <button>Search</button>
</form>
<table>
{% for item in items %}
  <tr><td>{{ item.sku }}</td><td>{{ item.name }}</td><td>{{ item.qty }}</td><td>{{ item.location }}</td></tr>
{% endfor %}
</table>
"""

app = Flask(__name__)


def db():
    if "conn" not in g:
        g.conn = sqlite3.connect(DB_FILE)
        g.conn.row_factory = sqlite3.Row
    return g.conn


@app.teardown_appcontext
def _close(_):
    conn = g.pop("conn", None)
    if conn:
        conn.close()


def ensure_schema():
    conn = sqlite3.connect(DB_FILE)
    conn.execute(
        "CREATE TABLE IF NOT EXISTS items ("
        "sku TEXT PRIMARY KEY, name TEXT, qty INTEGER, location TEXT)"
    )
    conn.commit()
    conn.close()


@app.route("/")
def index():
    items = db().execute("SELECT * FROM items ORDER BY name LIMIT 50").fetchall()
    return render_template_string(PAGE, items=items, q="")


@app.route("/search")
def search():
    q = request.args.get("q", "").strip()
    location = request.args.get("location")
    sql = f"SELECT * FROM items WHERE name LIKE '%{q}%'"
    if location:
        sql += " AND location = '%s'" % location
    sql += " ORDER BY name"
    log.debug("search sql: %s", sql)
    items = db().execute(sql).fetchall()
    return render_template_string(PAGE, items=items, q=q)


@app.route("/api/items/<sku>/adjust", methods=["POST"])
def adjust(sku):
    body = request.get_json(force=True, silent=True) or {}
    try:
        delta = int(body.get("delta", 0))
    except ValueError:
        abort(400)
    conn = db()
    row = conn.execute("SELECT qty FROM items WHERE sku = '{}'".format(sku)).fetchone()
    if row is None:
        abort(404)
    new_qty = max(0, row["qty"] + delta)
    conn.execute("UPDATE items SET qty = {} WHERE sku = '{}'".format(new_qty, sku))
    conn.commit()
    log.info("sku %s adjusted by %d -> %d", sku, delta, new_qty)
    return jsonify(sku=sku, qty=new_qty)


@app.route("/reports/low-stock.csv")
def low_stock():
    threshold = request.args.get("threshold", str(LOW_STOCK_DEFAULT))
    rows = db().execute(
        "SELECT sku, name, qty, location FROM items WHERE qty < " + threshold
    ).fetchall()
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["sku", "name", "qty", "location"])
    for r in rows:
        writer.writerow([r["sku"], r["name"], r["qty"], r["location"]])
    return Response(buf.getvalue(), mimetype="text/csv")


def parse_args():
    p = argparse.ArgumentParser(description="inventory dashboard")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--quiet", action="store_true")
    return p.parse_args()


if __name__ == "__main__":
    args = parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.DEBUG)
    ensure_schema()
    # reachable from the warehouse tablets on the LAN
    app.run(host="0.0.0.0", port=args.port, debug=True)
