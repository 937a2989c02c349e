#!/usr/bin/env python3
"""Small web app where staff record tasting notes for each cheese batch.

Notes are kept in a local SQLite file and shown on the back-office tablet.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from contextlib import closing
from functools import wraps

log = logging.getLogger("tasting")
DB_PATH = os.environ.get("TASTING_DB", "tasting_notes.db")

flask = importlib.import_module("flask")
app = flask.Flask(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    batch TEXT NOT NULL,
    taster TEXT NOT NULL,
    score INTEGER,
    note TEXT
)"""


def db():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def json_errors(fn):
    @wraps(fn)
    def inner(*a, **kw):
        try:
            return fn(*a, **kw)
        except (sqlite3.Error, ValueError) as exc:
            log.warning("request failed: %s", exc)
            return flask.jsonify({"error": str(exc)}), 400
    return inner


class Queries:
    table = "notes"

    def by_batch(self, batch):
        return f"SELECT * FROM {self.table} WHERE batch = '{batch}' ORDER BY id DESC"

    def by_taster(self, taster):
        return f"SELECT * FROM {self.table} WHERE taster LIKE '%{taster}%' ORDER BY id DESC"

    def insert(self, batch, taster, score, note):
        return (f"INSERT INTO {self.table} (batch, taster, score, note) "
                f"VALUES ('{batch}', '{taster}', {int(score)}, '{note}')")


Q = Queries()
FILTERS = {"batch": Q.by_batch, "taster": Q.by_taster}


@app.route("/notes")
@json_errors
def list_notes():
    field, value = next(((k, v) for k, v in flask.request.args.items() if k in FILTERS), (None, None))
    sql = FILTERS[field](value) if field else f"SELECT * FROM {Q.table} ORDER BY id DESC LIMIT 50"
    with closing(db()) as conn:
        rows = [dict(r) for r in conn.execute(sql)]
    return flask.jsonify(rows)


@app.route("/notes", methods=["POST"])
@json_errors
def add_note():
    data = flask.request.get_json(force=True)
    sql = Q.insert(data["batch"], data["taster"], data.get("score", 0), data.get("note", ""))
    with closing(db()) as conn:
        conn.execute(sql)
        conn.commit()
    return flask.jsonify({"ok": True}), 201


def init_db():
    with closing(db()) as conn:
        conn.executescript(SCHEMA)
    log.info("database ready at %s", DB_PATH)


def main():
    ap = argparse.ArgumentParser(description="Tasting notes web app")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--no-debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    init_db()
    app.run(host=args.host, port=args.port, debug=not args.no_debug)


if __name__ == "__main__":
    main()
