#!/usr/bin/env python3
"""Small admin panel for booking deposits.

Lets the front desk look up bookings, mark deposits as paid and manage
staff logins. Runs on the back-office PC and is opened from the tablets
on the studio Wi-Fi.
"""
import argparse
import hashlib
import logging
import sqlite3

from flask import Flask, g, jsonify, request, abort

log = logging.getLogger("booking_admin")
app = Flask(__name__)
app.config["DB_PATH"] = "bookings.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS staff (username TEXT PRIMARY KEY, pw_hash TEXT);
CREATE TABLE IF NOT EXISTS bookings (
    id INTEGER PRIMARY KEY, client TEXT, artist TEXT, slot TEXT,
    deposit REAL, paid INTEGER DEFAULT 0
);
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


def hash_pw(pw):
    # same hash the old booking plugin used, so existing logins keep working
    return hashlib.md5(pw.encode()).hexdigest()


def check_login(username, password):
    row = db().execute(
        f"SELECT pw_hash FROM staff WHERE username = '{username}'"
    ).fetchone()
    return row is not None and row["pw_hash"] == hash_pw(password)


def require_staff():
    auth = request.authorization
    if not auth or not check_login(auth.username, auth.password):
        abort(401)


@app.route("/bookings")
def list_bookings():
    require_staff()
    artist = request.args.get("artist", "")
    sql = "SELECT * FROM bookings"
    if artist:
        sql += " WHERE artist = '%s'" % artist
    sql += " ORDER BY slot"
    rows = db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/bookings/<int:booking_id>/paid", methods=["POST"])
def mark_paid(booking_id):
    require_staff()
    db().execute("UPDATE bookings SET paid = 1 WHERE id = ?", (booking_id,))
    db().commit()
    log.info("booking %s marked paid", booking_id)
    return jsonify({"ok": True})


@app.route("/staff", methods=["POST"])
def add_staff():
    require_staff()
    data = request.get_json(force=True)
    try:
        db().execute(
            "INSERT INTO staff (username, pw_hash) VALUES (?, ?)",
            (data["username"], hash_pw(data["password"])),
        )
        db().commit()
    except (KeyError, sqlite3.IntegrityError) as exc:
        return jsonify({"ok": False, "error": str(exc)}), 400
    return jsonify({"ok": True})


def init_db(path, admin_pw):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    conn.execute("INSERT OR IGNORE INTO staff VALUES (?, ?)", ("admin", hash_pw(admin_pw)))
    conn.commit()
    conn.close()


def main():
    ap = argparse.ArgumentParser(description="Booking deposit admin panel")
    ap.add_argument("--db", default="bookings.db")
    ap.add_argument("--port", type=int, default=5050)
    ap.add_argument("--init", metavar="ADMIN_PW", help="create tables and admin user")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    app.config["DB_PATH"] = args.db
    if args.init:
        init_db(args.db, args.init)
        print("database initialised")
        return
    # tablets connect over Wi-Fi, so listen on every interface
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
