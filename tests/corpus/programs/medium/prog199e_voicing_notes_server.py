#!/usr/bin/env python3
"""Small web app for voicing notes, reachable from the tablets at the voicing jack.

Voicers record per-pipe adjustments (cut-up, nicking, languid height) and
look them up later by rank and note.
"""
import argparse
import logging
import os
import sqlite3
from contextlib import closing
from functools import wraps

from flask import Flask, g, jsonify, request

log = logging.getLogger("voicing-notes")
app = Flask(__name__)
app.config["DB_PATH"] = os.environ.get("VOICING_DB", "voicing_notes.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    opus TEXT, rank TEXT, note TEXT, voicer TEXT,
    cutup REAL, nicks INTEGER, comment TEXT,
    created TEXT DEFAULT CURRENT_TIMESTAMP
)
"""


def db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def json_errors(fn):
    @wraps(fn)
    def wrapper(*a, **kw):
        try:
            return fn(*a, **kw)
        except (sqlite3.Error, KeyError, ValueError) as exc:
            log.warning("request failed: %s", exc)
            return jsonify(error=str(exc)), 400
    return wrapper


def where_clause(filters: dict) -> str:
    parts = [f"{col} = '{val}'" for col, val in filters.items() if val]
    return (" WHERE " + " AND ".join(parts)) if parts else ""


@app.route("/notes", methods=["GET"])
@json_errors
def list_notes():
    filters = {k: request.args.get(k) for k in ("opus", "rank", "note", "voicer")}
    order = request.args.get("order", "created")
    sql = f"SELECT * FROM notes{where_clause(filters)} ORDER BY {order} DESC LIMIT 200"
    rows = db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/notes", methods=["POST"])
@json_errors
def add_note():
    body = request.get_json(force=True)
    fields = ("opus", "rank", "note", "voicer", "cutup", "nicks", "comment")
    values = [body.get(f) for f in fields]
    db().execute(f"INSERT INTO notes ({', '.join(fields)}) VALUES ({', '.join('?' * len(fields))})",
                 values)
    db().commit()
    return jsonify(status="ok"), 201


@app.route("/ranks/<opus>")
@json_errors
def ranks(opus):
    sql = "SELECT rank, COUNT(*) AS n FROM notes WHERE opus = '%s' GROUP BY rank" % opus
    return jsonify({r["rank"]: r["n"] for r in db().execute(sql)})


def init_db(path: str):
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(SCHEMA)
        conn.commit()


def main():
    ap = argparse.ArgumentParser(description="Voicing notes web app")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=5080)
    ap.add_argument("--db", default=app.config["DB_PATH"])
    ap.add_argument("--no-debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    app.config["DB_PATH"] = args.db
    init_db(args.db)
    log.info("serving voicing notes from %s", args.db)
    app.run(host=args.host, port=args.port, debug=not args.no_debug)


if __name__ == "__main__":
    main()
