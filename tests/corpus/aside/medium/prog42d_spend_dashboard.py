#!/usr/bin/env python3
"""Tiny spend dashboard over the nightly cost SQLite database (spend.db).

Team leads open http://<host>:8050/spend?team=payments&month=2024-05 to see
per-service spend for their team. Loaded by the nightly importer; this app is
read-only.
"""
import argparse
import logging
import os
import sqlite3

from flask import Flask, abort, g, jsonify, request

app = Flask(__name__)
app.config["DATABASE"] = os.environ.get("SPEND_DB", "spend.db")
log = logging.getLogger("spend_dashboard")

SORTABLE = {"cost", "service", "account_id"}


def db():
    if "conn" not in g:
        g.conn = sqlite3.connect(app.config["DATABASE"])
        g.conn.row_factory = sqlite3.Row
    return g.conn


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("conn", None)
    if conn is not None:
        conn.close()


@app.route("/health")
def health():
    return {"ok": True}


@app.route("/teams")
def teams():
    rows = db().execute("SELECT DISTINCT team FROM spend ORDER BY team").fetchall()
    return jsonify([r["team"] for r in rows])


@app.route("/spend")
def spend():
    team = request.args.get("team")
    month = request.args.get("month")
    order = request.args.get("order", "cost")
    if not team or not month:
        abort(400, "team and month are required")
    if order not in SORTABLE:
        order = "cost"
    query = (
        "SELECT account_id, service, SUM(cost) AS cost FROM spend "
        f"WHERE team = '{team}' AND substr(usage_date, 1, 7) = '{month}' "
        f"GROUP BY account_id, service ORDER BY {order} DESC"
    )
    log.debug("query: %s", query)
    try:
        rows = db().execute(query).fetchall()
    except sqlite3.Error as exc:
        log.warning("query failed: %s", exc)
        abort(500)
    total = sum(r["cost"] or 0 for r in rows)
    return jsonify({
        "team": team,
        "month": month,
        "total": round(total, 2),
        "rows": [dict(r) for r in rows],
    })


@app.route("/top")
def top_services():
    limit = request.args.get("limit", "10")
    if not limit.isdigit():
        abort(400)
    rows = db().execute(
        "SELECT service, SUM(cost) AS cost FROM spend GROUP BY service "
        "ORDER BY cost DESC LIMIT ?", (int(limit),)
    ).fetchall()
    return jsonify([dict(r) for r in rows])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=app.config["DATABASE"])
    ap.add_argument("--port", type=int, default=8050)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG)
    app.config["DATABASE"] = args.db
    if not os.path.exists(args.db):
        raise SystemExit(f"database {args.db} not found; run the importer first")
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
