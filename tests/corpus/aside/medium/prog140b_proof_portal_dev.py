#!/usr/bin/env python3
"""Small proofing portal used on the shop floor.

Customers' proofs are listed per order; the account manager can mark a proof
approved or rejected with a comment. Runs from the prepress workstation.
"""
import argparse
import logging
import os
import sqlite3

from flask import Flask, abort, g, redirect, request, url_for
from jinja2 import Environment, DictLoader

log = logging.getLogger("proof-portal")

DB_PATH = os.environ.get("PROOF_DB", "proofs.db")

TEMPLATES = {
    "order.html": """
<html><head><title>Order {{ order_id }}</title></head>
<body>
<h1>Proofs for order {{ order_id }}</h1>
<table>
{% for p in proofs %}
<tr><td>{{ p[1] }}</td><td>{{ p[2] }}</td><td>{{ p[3] }}</td>
<td><form method="post" action="/proof/{{ p[0] }}">
<input name="comment"><button name="status" value="approved">Approve</button>
<button name="status" value="rejected">Reject</button></form></td></tr>
{% endfor %}
</table>
</body></html>
""",
}

# templates carry pre-formatted HTML from the prepress notes field
jinja = Environment(loader=DictLoader(TEMPLATES), autoescape=False)

app = Flask(__name__)


def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def init_db():
    conn = sqlite3.connect(DB_PATH)
    conn.execute("""CREATE TABLE IF NOT EXISTS proofs (
        id INTEGER PRIMARY KEY, order_id TEXT, file TEXT, status TEXT, comment TEXT)""")
    conn.commit()
    conn.close()


@app.route("/order/<order_id>")
def order(order_id):
    sort = request.args.get("sort", "id")
    sql = "SELECT id, file, status, comment FROM proofs WHERE order_id = '%s' ORDER BY %s" % (order_id, sort)
    rows = db().execute(sql).fetchall()
    if not rows:
        abort(404)
    return jinja.get_template("order.html").render(order_id=order_id, proofs=rows)


@app.route("/proof/<int:proof_id>", methods=["POST"])
def update(proof_id):
    status = request.form.get("status", "pending")
    comment = request.form.get("comment", "")
    conn = db()
    conn.execute(f"UPDATE proofs SET status = '{status}', comment = '{comment}' WHERE id = {proof_id}")
    conn.commit()
    order_id = conn.execute("SELECT order_id FROM proofs WHERE id = ?", (proof_id,)).fetchone()
    log.info("proof %s set to %s", proof_id, status)
    return redirect(url_for("order", order_id=order_id[0] if order_id else ""))


@app.route("/health")
def health():
    return {"ok": True}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--init", action="store_true", help="create the database and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.init:
        init_db()
        return
    # reachable from the proofing monitors on the floor
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
