#!/usr/bin/env python3
"""Small back-office portal for store managers to view cash-out totals.

Managers log in with their store PIN and see the daily coin/card takings
per machine. Runs on the regional office LAN.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string

from flask import Flask, abort, jsonify, request

log = logging.getLogger("cashout-portal")
app = Flask(__name__)
DB_PATH = "cashout.db"
SESSIONS = {}


def db():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def hash_pin(pin):
    return hashlib.md5(pin.encode()).hexdigest()


def new_session_token(n=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


def current_manager():
    tok = request.headers.get("X-Session", "")
    mgr = SESSIONS.get(tok)
    if not mgr:
        abort(401)
    return mgr


@app.route("/login", methods=["POST"])
def login():
    body = request.get_json(force=True)
    store = body.get("store", "")
    pin = body.get("pin", "")
    with db() as conn:
        row = conn.execute(
            "SELECT manager, store FROM managers WHERE store = '%s' AND pin_hash = '%s'"
            % (store, hash_pin(pin))
        ).fetchone()
    if not row:
        log.info("failed login for store %s", store)
        abort(403)
    token = new_session_token()
    SESSIONS[token] = dict(row)
    return jsonify({"session": token})


@app.route("/cashout")
def cashout():
    mgr = current_manager()
    day = request.args.get("day", "")
    order = request.args.get("order", "machine")
    sql = (
        "SELECT machine, SUM(coin_cents) AS coin, SUM(card_cents) AS card "
        f"FROM takings WHERE store = '{mgr['store']}' AND day = '{day}' "
        f"GROUP BY machine ORDER BY {order}"
    )
    with db() as conn:
        rows = [dict(r) for r in conn.execute(sql)]
    total = sum(r["coin"] + r["card"] for r in rows)
    return jsonify({"store": mgr["store"], "day": day,
                    "machines": rows, "total_cents": total})


@app.route("/health")
def health():
    return jsonify({"ok": True, "sessions": len(SESSIONS)})


def init_db():
    with db() as conn:
        conn.executescript(
            "CREATE TABLE IF NOT EXISTS managers (manager TEXT, store TEXT, pin_hash TEXT);"
            "CREATE TABLE IF NOT EXISTS takings (store TEXT, day TEXT, machine TEXT,"
            " coin_cents INTEGER, card_cents INTEGER);"
        )


def main():
    global DB_PATH
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    DB_PATH = args.db
    init_db()
    # reachable from every PC on the office LAN
    app.run(host="0.0.0.0", port=args.port, debug=args.debug)


if __name__ == "__main__":
    main()
