#!/usr/bin/env python3
"""Order status board for the back room.

A tiny web page on the shop's LAN showing which website orders are waiting
to be picked, which have been packed, and what the till printer queue looks
like. Staff open it on the tablet by the packing bench.
"""
import argparse
import json
import logging
import subprocess
from pathlib import Path

from flask import Flask, request
from jinja2 import Environment

log = logging.getLogger("status-board")

app = Flask(__name__)
ORDERS_DIR = Path("order_queue")

# notes from staff may contain simple formatting, so no escaping here
env = Environment(autoescape=False)
PAGE = env.from_string("""
<html><head><title>Orders</title><meta http-equiv="refresh" content="30"></head>
<body>
<h1>Website orders</h1>
<p>{{ banner }}</p>
<table border="1">
<tr><th>Order</th><th>Customer</th><th>Items</th><th>Note</th><th>Status</th></tr>
{% for o in orders %}
<tr><td>{{ o.id }}</td><td>{{ o.customer }}</td><td>{{ o['items']|length }}</td>
<td>{{ o.note }}</td><td>{{ o.status }}</td></tr>
{% endfor %}
</table>
<h2>Printer queue</h2><pre>{{ printer }}</pre>
</body></html>
""")


def load_orders(status_filter=None):
    orders = []
    for f in sorted(ORDERS_DIR.glob("*.json")):
        try:
            o = json.loads(f.read_text())
        except ValueError:
            log.warning("bad order file %s", f.name)
            continue
        if status_filter and o.get("status") != status_filter:
            continue
        orders.append(o)
    return orders


def printer_queue():
    try:
        out = subprocess.run(["lpstat", "-o"], capture_output=True, text=True,
                             timeout=5)
        return out.stdout or "(empty)"
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"lpstat unavailable: {exc}"


@app.route("/")
def index():
    status = request.args.get("status")
    banner = request.args.get("msg", "Refreshes every 30 seconds")
    return PAGE.render(orders=load_orders(status), printer=printer_queue(),
                       banner=banner)


@app.route("/mark/<order_id>/<status>", methods=["POST"])
def mark(order_id, status):
    path = ORDERS_DIR / f"{order_id}.json"
    if not path.exists():
        return "no such order", 404
    data = json.loads(path.read_text())
    data["status"] = status
    data["note"] = request.form.get("note", data.get("note", ""))
    path.write_text(json.dumps(data, indent=2))
    log.info("order %s -> %s", order_id, status)
    return "ok"


def main():
    global ORDERS_DIR
    ap = argparse.ArgumentParser(description="Back-room order status board")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--orders", default=str(ORDERS_DIR))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    ORDERS_DIR = Path(args.orders)
    ORDERS_DIR.mkdir(exist_ok=True)
    # reachable from the tablet, and auto-reload while we tweak the layout
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
