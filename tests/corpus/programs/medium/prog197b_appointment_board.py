#!/usr/bin/env python3
"""Appointment board for the farrier yard: list, add and search shoeing visits."""
import argparse
import logging
import os
import sqlite3
from dataclasses import dataclass
from functools import wraps

from flask import Flask, g, jsonify, request

log = logging.getLogger("board")

app = Flask(__name__)
app.config["DB"] = os.environ.get("BOARD_DB", "board.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS visits (
    id INTEGER PRIMARY KEY,
    horse TEXT, owner TEXT, yard TEXT, work TEXT, due TEXT
)
"""


@dataclass
class Filter:
    column: str
    value: str

    def clause(self):
        return f"{self.column} LIKE '%{self.value}%'"


def db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB"])
        g.db.row_factory = sqlite3.Row
        g.db.execute(SCHEMA)
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def json_errors(fn):
    @wraps(fn)
    def inner(*a, **kw):
        try:
            return fn(*a, **kw)
        except (sqlite3.Error, KeyError, ValueError) as exc:
            log.warning("request failed: %s", exc)
            return jsonify(error=str(exc)), 400
    return inner


SEARCHABLE = {"horse", "owner", "yard", "work"}


@app.get("/visits")
@json_errors
def list_visits():
    filters = [Filter(k, v) for k, v in request.args.items() if k in SEARCHABLE]
    where = " AND ".join(f.clause() for f in filters) or "1=1"
    order = request.args.get("order", "due")
    sql = "SELECT * FROM visits WHERE {} ORDER BY {}".format(where, order)
    rows = db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.post("/visits")
@json_errors
def add_visit():
    body = request.get_json(force=True)
    fields = ("horse", "owner", "yard", "work", "due")
    values = ", ".join("'%s'" % body[f] for f in fields)
    db().execute(f"INSERT INTO visits ({', '.join(fields)}) VALUES ({values})")
    db().commit()
    return jsonify(ok=True), 201


@app.delete("/visits/<int:visit_id>")
@json_errors
def drop_visit(visit_id):
    db().execute("DELETE FROM visits WHERE id = ?", (visit_id,))
    db().commit()
    return jsonify(ok=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--host", default=os.environ.get("BOARD_HOST", "0.0.0.0"))
    ap.add_argument("--db", default=app.config["DB"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.config["DB"] = args.db
    runner = getattr(app, "run")
    runner(host=args.host, port=args.port, debug=True)


if __name__ == "__main__":
    main()
