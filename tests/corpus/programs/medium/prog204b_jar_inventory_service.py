#!/usr/bin/env python3
"""Small web service for the co-op honey jar inventory.

Members at the market stall look up stock by apiary and flavour, and
the packing volunteers record jars as they are filled.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from functools import wraps

log = logging.getLogger("jar-inventory")

flask = importlib.import_module("fla" + "sk")
app = flask.Flask(__name__)
DB_PATH = os.environ.get("JAR_DB", "jars.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS jars (
    id INTEGER PRIMARY KEY, apiary TEXT, flavour TEXT,
    grams INTEGER, batch TEXT, sold INTEGER DEFAULT 0
)"""


def with_db(fn):
    @wraps(fn)
    def inner(*a, **kw):
        conn = sqlite3.connect(DB_PATH)
        conn.row_factory = sqlite3.Row
        try:
            return fn(conn, *a, **kw)
        finally:
            conn.commit()
            conn.close()
    return inner


class Query:
    """Builds the lookups the stall screen uses."""

    base = "SELECT id, apiary, flavour, grams, batch FROM jars WHERE sold = 0"

    @classmethod
    def stock(cls, apiary=None, flavour=None):
        clauses = [cls.base]
        if apiary:
            clauses.append(f"AND apiary = '{apiary}'")
        if flavour:
            clauses.append(f"AND flavour LIKE '%{flavour}%'")
        return " ".join(clauses) + " ORDER BY batch"


@app.route("/stock")
@with_db
def stock(conn):
    args = flask.request.args
    sql = Query.stock(args.get("apiary"), args.get("flavour"))
    rows = [dict(r) for r in conn.execute(sql)]
    return flask.jsonify(count=len(rows), jars=rows)


@app.route("/jars", methods=["POST"])
@with_db
def add_jar(conn):
    data = flask.request.get_json(force=True)
    missing = [k for k in ("apiary", "flavour", "grams", "batch") if k not in data]
    if missing:
        return flask.jsonify(error=f"missing {missing}"), 400
    sql = ("INSERT INTO jars (apiary, flavour, grams, batch) VALUES "
           "('{apiary}', '{flavour}', {grams}, '{batch}')").format(**data)
    cur = conn.execute(sql)
    log.info("added jar %s from %s", cur.lastrowid, data["apiary"])
    return flask.jsonify(id=cur.lastrowid), 201


@app.route("/jars/<int:jar_id>/sold", methods=["POST"])
@with_db
def mark_sold(conn, jar_id):
    conn.execute("UPDATE jars SET sold = 1 WHERE id = ?", (jar_id,))
    return flask.jsonify(ok=True)


@with_db
def init_db(conn):
    conn.execute(SCHEMA)


def main():
    p = argparse.ArgumentParser(description="Honey jar inventory service")
    p.add_argument("--port", type=int, default=8080)
    p.add_argument("--bind", default="0.0.0.0")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO)
    init_db()
    settings = {"host": args.bind, "port": args.port, "debug": True}
    app.run(**settings)


if __name__ == "__main__":
    main()
