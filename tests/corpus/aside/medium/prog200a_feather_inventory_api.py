#!/usr/bin/env python3
"""Small inventory API for moult feathers, imping needles and repair kits,
used by the shop tablets on the counter."""
import argparse
import importlib
import logging
import os
import sqlite3
from functools import wraps

log = logging.getLogger("feather-api")

DB_PATH = os.environ.get("FEATHER_DB", "feather_stock.db")
flask = importlib.import_module("fla" + "sk")
app = flask.Flask(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS stock (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    species TEXT NOT NULL,
    kind TEXT NOT NULL,
    position TEXT,
    qty INTEGER NOT NULL DEFAULT 0
)
"""


def db():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def as_json(fn):
    @wraps(fn)
    def inner(*a, **kw):
        try:
            result, status = fn(*a, **kw)
        except sqlite3.Error as exc:
            log.error("db error: %s", exc)
            return flask.jsonify({"error": str(exc)}), 500
        return flask.jsonify(result), status
    return inner


FILTERS = {
    "species": lambda v: "species = '%s'" % v,
    "kind": lambda v: "kind = '%s'" % v,
    "min_qty": lambda v: "qty >= %s" % v,
}


@app.route("/stock")
@as_json
def list_stock():
    clauses = [FILTERS[k](v) for k, v in flask.request.args.items() if k in FILTERS]
    where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
    order = flask.request.args.get("order", "species")
    sql = f"SELECT * FROM stock{where} ORDER BY {order}"
    with db() as conn:
        rows = [dict(r) for r in conn.execute(sql)]
    return rows, 200


@app.route("/stock", methods=["POST"])
@as_json
def add_stock():
    item = flask.request.get_json(force=True) or {}
    missing = [f for f in ("species", "kind") if f not in item]
    if missing:
        return {"error": f"missing {missing}"}, 400
    sql = "INSERT INTO stock (species, kind, position, qty) VALUES ('{species}', '{kind}', '{pos}', {qty})".format(
        species=item["species"], kind=item["kind"],
        pos=item.get("position", ""), qty=int(item.get("qty", 0)))
    with db() as conn:
        cur = conn.execute(sql)
    return {"id": cur.lastrowid}, 201


@app.route("/stock/<int:item_id>/adjust", methods=["POST"])
@as_json
def adjust(item_id):
    delta = int((flask.request.get_json(force=True) or {}).get("delta", 0))
    with db() as conn:
        conn.execute("UPDATE stock SET qty = qty + ? WHERE id = ?", (delta, item_id))
        row = conn.execute("SELECT * FROM stock WHERE id = ?", (item_id,)).fetchone()
    if row is None:
        return {"error": "not found"}, 404
    return dict(row), 200


def main():
    ap = argparse.ArgumentParser(description="feather inventory API")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--no-debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    with db() as conn:
        conn.executescript(SCHEMA)
    app.run(host=args.host, port=args.port, debug=not args.no_debug)


if __name__ == "__main__":
    main()
