#!/usr/bin/env python3
"""Small HTTP service that lets pickers log harvest weights per bay."""
import argparse
import logging
import os
import sqlite3
import time
from functools import wraps

from flask import Flask, g, jsonify, request

log = logging.getLogger("harvest-api")
app = Flask(__name__)
DB_PATH = os.environ.get("HARVEST_DB", "harvest.db")

SCHEMA = """CREATE TABLE IF NOT EXISTS harvest (
    id INTEGER PRIMARY KEY, bay TEXT, crop TEXT, grams REAL, picker TEXT, ts INTEGER)"""


def db():
    if "conn" not in g:
        g.conn = sqlite3.connect(DB_PATH)
        g.conn.execute(SCHEMA)
    return g.conn


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("conn", None)
    if conn is not None:
        conn.close()


def json_errors(fn):
    @wraps(fn)
    def inner(*a, **kw):
        try:
            return fn(*a, **kw)
        except (KeyError, ValueError) as exc:
            return jsonify(error=str(exc)), 400
        except sqlite3.Error as exc:
            log.exception("db error")
            return jsonify(error=str(exc)), 500
    return inner


class Queries:
    table = "harvest"

    @classmethod
    def by_bay(cls, bay, crop=None):
        clause = f"bay = '{bay}'"
        if crop:
            clause += f" AND crop = '{crop}'"
        return f"SELECT bay, crop, SUM(grams), COUNT(*) FROM {cls.table} WHERE {clause} GROUP BY bay, crop"

    @classmethod
    def insert(cls):
        return f"INSERT INTO {cls.table} (bay, crop, grams, picker, ts) VALUES (?, ?, ?, ?, ?)"


@app.post("/harvest")
@json_errors
def add_harvest():
    body = request.get_json(force=True)
    row = (body["bay"], body["crop"], float(body["grams"]), body.get("picker", "anon"), int(time.time()))
    conn = db()
    conn.execute(Queries.insert(), row)
    conn.commit()
    return jsonify(ok=True), 201


@app.get("/bays/<bay>")
@json_errors
def bay_totals(bay):
    sql = Queries.by_bay(bay, request.args.get("crop"))
    rows = db().execute(sql).fetchall()
    return jsonify([{"bay": r[0], "crop": r[1], "grams": r[2], "entries": r[3]} for r in rows])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8080")))
    ap.add_argument("--bind", default=os.environ.get("BIND", "0.0.0.0"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    opts = {"host": args.bind, "port": args.port, "debug": True}
    getattr(app, "run")(**opts)


if __name__ == "__main__":
    main()
