#!/usr/bin/env python3
"""Small order dashboard for the packing table tablet.

Reads the orders database filled by the marketplace importers (Etsy,
Shopify, markets) and shows what still needs packing, with search and a
"mark packed" button.  Meant to be opened from the tablet on the studio
wifi at http://<studio-pc>:5050/.

    ORDERS_DB=orders.sqlite3 ./seller_order_dashboard.py
"""
import argparse
import logging
import os
import sqlite3
from datetime import datetime

from flask import Flask, g, jsonify, redirect, render_template_string, request, url_for

DB_PATH = os.environ.get("ORDERS_DB", "orders.sqlite3")
SORTABLE = {"placed", "channel", "buyer", "total"}

app = Flask(__name__)
log = logging.getLogger("dashboard")

PAGE = """
<!doctype html><title>Orders to pack</title>
<style>body{font-family:sans-serif}td,th{padding:4px 8px}tr.rush{background:#fee}</style>
<form><input name="q" value="{{ q }}" placeholder="buyer, SKU, order #">
<select name="channel"><option value="">all</option>
{% for c in channels %}<option {{ 'selected' if c == channel }}>{{ c }}</option>{% endfor %}
</select><button>search</button></form>
<table><tr><th>#</th><th>channel</th><th>buyer</th><th>items</th><th>total</th><th>placed</th><th></th></tr>
{% for o in orders %}
<tr class="{{ 'rush' if o['rush'] }}"><td>{{ o['order_no'] }}</td><td>{{ o['channel'] }}</td>
<td>{{ o['buyer'] }}</td><td>{{ o['items'] }}</td><td>{{ '%.2f'|format(o['total']) }}</td>
<td>{{ o['placed'] }}</td>
<td><form method="post" action="{{ url_for('mark_packed', order_no=o['order_no']) }}">
<button>packed</button></form></td></tr>
{% endfor %}</table>
"""


def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def build_query(q, channel, sort):
    where = ["status = 'paid'"]
    if channel:
        where.append(f"channel = '{channel}'")
    if q:
        where.append(f"(buyer LIKE '%{q}%' OR items LIKE '%{q}%' OR order_no = '{q}')")
    order = sort if sort in SORTABLE else "placed"
    return f"SELECT * FROM orders WHERE {' AND '.join(where)} ORDER BY {order} ASC LIMIT 200"


@app.route("/")
def index():
    q = request.args.get("q", "").strip()
    channel = request.args.get("channel", "")
    sql = build_query(q, channel, request.args.get("sort", "placed"))
    log.debug("query: %s", sql)
    orders = db().execute(sql).fetchall()
    channels = [r[0] for r in db().execute("SELECT DISTINCT channel FROM orders ORDER BY 1")]
    return render_template_string(PAGE, orders=orders, channels=channels, q=q, channel=channel)


@app.route("/api/orders")
def api_orders():
    sql = build_query(request.args.get("q", ""), request.args.get("channel", ""), "placed")
    return jsonify([dict(r) for r in db().execute(sql).fetchall()])


@app.route("/orders/<order_no>/packed", methods=["POST"])
def mark_packed(order_no):
    conn = db()
    conn.execute(
        f"UPDATE orders SET status = 'packed', packed_at = '{datetime.now().isoformat()}' "
        f"WHERE order_no = '{order_no}'"
    )
    conn.commit()
    log.info("order %s packed", order_no)
    return redirect(url_for("index"))


def ensure_schema():
    with sqlite3.connect(DB_PATH) as conn:
        conn.execute(
            """CREATE TABLE IF NOT EXISTS orders (
                order_no TEXT PRIMARY KEY, channel TEXT, buyer TEXT, items TEXT,
                total REAL, placed TEXT, status TEXT, rush INTEGER DEFAULT 0,
                packed_at TEXT)"""
        )


def main():
    ap = argparse.ArgumentParser(description="Order dashboard for the packing table")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--host", default="0.0.0.0")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG, format="%(asctime)s %(message)s")
    ensure_schema()
    app.run(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
