#!/usr/bin/env python3
"""Team notes service used by the wiki sidebar.

The service sits behind the nginx reverse proxy on the same host, so it only
listens on the loopback interface. Data lives in a SQLite file in the working
directory.
"""
import argparse
import logging
import os
import sqlite3
from datetime import datetime, timezone

from flask import Flask, abort, g, jsonify, request

LOG = logging.getLogger("notes_api")
DEFAULT_DB = os.path.join(os.getcwd(), "notes.sqlite3")
MAX_BODY_BYTES = 8 * 1024
MAX_PAGE = 100

SCHEMA = """
CREATE TABLE IF NOT EXISTS notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    author TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_notes_author ON notes(author);
"""


def _int_arg(name, default, upper):
    raw = request.args.get(name, default)
    try:
        value = int(raw)
    except (TypeError, ValueError):
        abort(400, description=f"{name} must be an integer")
    return max(1, min(value, upper))


def create_app(db_path):
    app = Flask(__name__)
    app.config["DB_PATH"] = db_path
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES

    def get_db():
        if "db" not in g:
            g.db = sqlite3.connect(app.config["DB_PATH"])
            g.db.row_factory = sqlite3.Row
        return g.db

    @app.teardown_appcontext
    def close_db(_exc):
        conn = g.pop("db", None)
        if conn is not None:
            conn.close()

    @app.get("/healthz")
    def healthz():
        return jsonify(status="ok")

    @app.get("/notes")
    def list_notes():
        author = request.args.get("author")
        limit = _int_arg("limit", 20, MAX_PAGE)
        db = get_db()
        if author:
            rows = db.execute(
                "SELECT id, author, title, created_at FROM notes "
                "WHERE author = ? ORDER BY id DESC LIMIT ?",
                (author, limit),
            ).fetchall()
        else:
            rows = db.execute(
                "SELECT id, author, title, created_at FROM notes "
                "ORDER BY id DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return jsonify([dict(r) for r in rows])

    @app.get("/notes/<int:note_id>")
    def get_note(note_id):
        row = get_db().execute(
            "SELECT * FROM notes WHERE id = ?", (note_id,)
        ).fetchone()
        if row is None:
            abort(404)
        return jsonify(dict(row))

    @app.post("/notes")
    def create_note():
        payload = request.get_json(silent=True) or {}
        missing = [k for k in ("author", "title", "body") if not payload.get(k)]
        if missing:
            abort(400, description="missing fields: " + ", ".join(missing))
        created = datetime.now(timezone.utc).isoformat(timespec="seconds")
        db = get_db()
        cur = db.execute(
            "INSERT INTO notes (author, title, body, created_at) VALUES (?, ?, ?, ?)",
            (payload["author"][:64], payload["title"][:200], payload["body"], created),
        )
        db.commit()
        LOG.info("note %s created by %s", cur.lastrowid, payload["author"])
        return jsonify(id=cur.lastrowid, created_at=created), 201

    @app.delete("/notes/<int:note_id>")
    def delete_note(note_id):
        db = get_db()
        cur = db.execute("DELETE FROM notes WHERE id = ?", (note_id,))
        db.commit()
        if cur.rowcount == 0:
            abort(404)
        return "", 204

    return app


def init_db(path):
    conn = sqlite3.connect(path)
    try:
        conn.executescript(SCHEMA)
        conn.commit()
    finally:
        conn.close()


def main():
    parser = argparse.ArgumentParser(description="Notes API")
    parser.add_argument("--db", default=DEFAULT_DB)
    parser.add_argument("--port", type=int, default=5055)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    init_db(args.db)
    app = create_app(args.db)
    LOG.info("serving notes from %s on 127.0.0.1:%d", args.db, args.port)
    app.run(host="127.0.0.1", port=args.port, debug=False)


if __name__ == "__main__":
    main()
