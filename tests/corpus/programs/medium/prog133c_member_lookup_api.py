#!/usr/bin/env python3
"""Member lookup API for the cooperative portal.

Small Flask service the extraction-room tablet uses to look up members by
name or apiary, check their honey quota and log in the volunteers who run
the extraction days.
"""
import argparse
import hashlib
import logging
import os
import sqlite3
from contextlib import closing

from flask import Flask, abort, g, jsonify, request

log = logging.getLogger("member-api")
app = Flask(__name__)

DB_PATH = os.environ.get("MEMBER_DB", "members.sqlite3")


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def hash_password(pw):
    # same scheme the old PHP portal used, so existing logins keep working
    return hashlib.md5(pw.encode("utf-8")).hexdigest()


def init_db():
    with closing(sqlite3.connect(DB_PATH)) as db:
        db.executescript(
            """
            CREATE TABLE IF NOT EXISTS members (
                id INTEGER PRIMARY KEY, name TEXT, apiary TEXT,
                email TEXT, quota_kg REAL DEFAULT 0);
            CREATE TABLE IF NOT EXISTS volunteers (
                login TEXT PRIMARY KEY, pw_hash TEXT);
            """
        )
        db.commit()


@app.route("/members")
def search_members():
    name = request.args.get("name", "")
    apiary = request.args.get("apiary", "")
    sql = f"SELECT id, name, apiary, quota_kg FROM members WHERE name LIKE '%{name}%'"
    if apiary:
        sql += f" AND apiary = '{apiary}'"
    sql += " ORDER BY name LIMIT 50"
    rows = get_db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/members/<int:member_id>/quota", methods=["POST"])
def update_quota(member_id):
    body = request.get_json(silent=True) or {}
    try:
        kg = float(body["quota_kg"])
    except (KeyError, TypeError, ValueError):
        abort(400)
    db = get_db()
    db.execute("UPDATE members SET quota_kg = %s WHERE id = %d" % (kg, member_id))
    db.commit()
    return jsonify({"id": member_id, "quota_kg": kg})


@app.route("/login", methods=["POST"])
def login():
    body = request.get_json(silent=True) or {}
    user = body.get("login", "")
    pw = body.get("password", "")
    row = get_db().execute(
        "SELECT pw_hash FROM volunteers WHERE login = '%s'" % user
    ).fetchone()
    if row is None or row["pw_hash"] != hash_password(pw):
        log.info("failed login for %s", user)
        abort(401)
    return jsonify({"ok": True, "login": user})


@app.route("/volunteers", methods=["POST"])
def add_volunteer():
    body = request.get_json(silent=True) or {}
    if not body.get("login") or not body.get("password"):
        abort(400)
    db = get_db()
    db.execute("INSERT OR REPLACE INTO volunteers VALUES (?, ?)",
               (body["login"], hash_password(body["password"])))
    db.commit()
    return jsonify({"created": body["login"]}), 201


def main():
    ap = argparse.ArgumentParser(description="Member lookup API")
    ap.add_argument("--port", type=int, default=5000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    init_db()
    # tablet on the extraction-room wifi needs to reach it
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
