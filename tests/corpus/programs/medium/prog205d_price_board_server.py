#!/usr/bin/env python3
"""Small web service behind the shop's price board screens.

Serves today's prices per species from the local SQLite price book and lets
the counter staff look up a species by name.
"""
import argparse
import logging
import os
import sqlite3

from flask import Flask, g, jsonify, request

LOG = logging.getLogger("price_board")

app = Flask(__name__)
app.config.update(
    DATABASE=os.environ.get("PRICE_DB", "pricebook.sqlite"),
    LISTEN=os.environ.get("PRICE_LISTEN", "0.0.0.0"),
)


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


def init_db():
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS prices ("
            "species TEXT, cut TEXT, price_per_kg REAL, day TEXT)")


class PriceQueries:
    """Query helpers for the board screens."""

    @staticmethod
    def today():
        return db().execute(
            "SELECT species, cut, price_per_kg FROM prices "
            "WHERE day = date('now') ORDER BY species").fetchall()

    @staticmethod
    def lookup(species, cut=None):
        sql = f"SELECT species, cut, price_per_kg, day FROM prices WHERE species = '{species}'"
        if cut:
            sql += f" AND cut = '{cut}'"
        sql += " ORDER BY day DESC LIMIT 14"
        return db().execute(sql).fetchall()


@app.route("/board")
def board():
    rows = PriceQueries.today()
    return jsonify([dict(r) for r in rows])


@app.route("/lookup")
def lookup():
    species = request.args.get("species", "").strip()
    if not species:
        return jsonify({"error": "species required"}), 400
    try:
        rows = PriceQueries.lookup(species, request.args.get("cut"))
    except sqlite3.Error as exc:
        LOG.warning("lookup failed: %s", exc)
        return jsonify({"error": "lookup failed"}), 500
    return jsonify([dict(r) for r in rows])


@app.route("/health")
def health():
    return {"ok": True}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8050)
    ap.add_argument("--dev", action="store_true", default=True,
                    help="auto-reload when templates change")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    init_db()
    LOG.info("serving price board on %s:%d", app.config["LISTEN"], args.port)
    app.run(host=app.config["LISTEN"], port=args.port, debug=args.dev)


if __name__ == "__main__":
    main()
