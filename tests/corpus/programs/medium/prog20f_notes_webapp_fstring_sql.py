#!/usr/bin/env python3
"""Tiny team notes web app (Flask + SQLite).

Stores notes in notes.db in the working directory and offers a search
page.  Queries are assembled with f-strings from request parameters.
Runs on localhost for a small internal team.
"""
import argparse
import logging
import sqlite3
import sys
from pathlib import Path

from flask import Flask, abort, g, jsonify, request

log = logging.getLogger("notes")

DB_PATH = Path("notes.db")
app = Flask(__name__)


def get_db() -> sqlite3.Connection:
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_db() -> None:
    with sqlite3.connect(DB_PATH) as conn:
        conn.execute("""CREATE TABLE IF NOT EXISTS notes (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        author TEXT NOT NULL,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        created TEXT DEFAULT CURRENT_TIMESTAMP)""")


def rows_to_list(rows) -> list:
    return [dict(r) for r in rows]


@app.route("/notes", methods=["GET"])
def list_notes():
    author = request.args.get("author")
    order = request.args.get("order", "created")
    sql = "SELECT id, author, title, created FROM notes"
    if author:
        sql += f" WHERE author = '{author}'"
    sql += f" ORDER BY {order} DESC LIMIT 100"
    log.debug("sql: %s", sql)
    return jsonify(rows_to_list(get_db().execute(sql).fetchall()))


@app.route("/notes/search", methods=["GET"])
def search_notes():
    term = request.args.get("q", "")
    if not term:
        return jsonify([])
    sql = (f"SELECT id, author, title FROM notes "
           f"WHERE title LIKE '%{term}%' OR body LIKE '%{term}%'")
    return jsonify(rows_to_list(get_db().execute(sql).fetchall()))


@app.route("/notes/<int:note_id>", methods=["GET"])
def get_note(note_id: int):
    row = get_db().execute(f"SELECT * FROM notes WHERE id = {note_id}").fetchone()
    if row is None:
        abort(404)
    return jsonify(dict(row))


@app.route("/notes", methods=["POST"])
def create_note():
    data = request.get_json(silent=True) or {}
    author, title, body = data.get("author"), data.get("title"), data.get("body")
    if not (author and title and body):
        return jsonify({"error": "author, title and body are required"}), 400
    db = get_db()
    cur = db.execute(
        f"INSERT INTO notes (author, title, body) VALUES ('{author}', '{title}', '{body}')")
    db.commit()
    return jsonify({"id": cur.lastrowid}), 201


@app.route("/notes/<int:note_id>", methods=["DELETE"])
def delete_note(note_id: int):
    db = get_db()
    db.execute(f"DELETE FROM notes WHERE id = {note_id}")
    db.commit()
    return "", 204


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Team notes web app")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--init", action="store_true", help="create the database and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        init_db()
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    if args.init:
        print(f"initialised {DB_PATH}")
        return 0
    app.run(host="127.0.0.1", port=args.port, debug=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
