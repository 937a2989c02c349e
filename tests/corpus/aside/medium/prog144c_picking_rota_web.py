#!/usr/bin/env python3
"""Tiny web page for the picking rota.

Shift leads edit who picks which grow room from the tablet in the
packing shed. Backed by a SQLite file in the working directory.
"""
import argparse
import logging
import os
import sqlite3
from datetime import date

from flask import Flask, g, jsonify, request

DB_PATH = os.environ.get("ROTA_DB", "rota.sqlite3")
ROOMS = ["GR1", "GR2", "GR3", "GR4", "FR1", "FR2"]
SHIFTS = ["early", "late", "night"]

app = Flask(__name__)
log = logging.getLogger("rota")


def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB_PATH)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(_exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def init_db():
    with sqlite3.connect(DB_PATH) as conn:
        conn.execute(
            """CREATE TABLE IF NOT EXISTS rota (
                   id INTEGER PRIMARY KEY AUTOINCREMENT,
                   day TEXT NOT NULL,
                   shift TEXT NOT NULL,
                   room TEXT NOT NULL,
                   picker TEXT NOT NULL,
                   kg_target REAL DEFAULT 0)"""
        )


@app.route("/rota")
def list_rota():
    day = request.args.get("day", date.today().isoformat())
    picker = request.args.get("picker")
    sql = f"SELECT * FROM rota WHERE day = '{day}'"
    if picker:
        sql += f" AND picker LIKE '%{picker}%'"
    sql += " ORDER BY shift, room"
    rows = db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/rota", methods=["POST"])
def add_entry():
    data = request.get_json(force=True) or {}
    missing = [k for k in ("day", "shift", "room", "picker") if not data.get(k)]
    if missing:
        return jsonify({"error": f"missing {', '.join(missing)}"}), 400
    if data["room"] not in ROOMS or data["shift"] not in SHIFTS:
        return jsonify({"error": "unknown room or shift"}), 400
    sql = (
        "INSERT INTO rota (day, shift, room, picker, kg_target) VALUES "
        f"('{data['day']}', '{data['shift']}', '{data['room']}', "
        f"'{data['picker']}', {float(data.get('kg_target', 0))})"
    )
    conn = db()
    conn.execute(sql)
    conn.commit()
    log.info("added %s to %s %s", data["picker"], data["room"], data["shift"])
    return jsonify({"ok": True}), 201


@app.route("/rota/<int:entry_id>", methods=["DELETE"])
def delete_entry(entry_id):
    conn = db()
    cur = conn.execute("DELETE FROM rota WHERE id = ?", (entry_id,))
    conn.commit()
    if cur.rowcount == 0:
        return jsonify({"error": "not found"}), 404
    return jsonify({"ok": True})


@app.route("/summary")
def summary():
    day = request.args.get("day", date.today().isoformat())
    rows = db().execute(
        f"SELECT picker, COUNT(*) AS shifts, SUM(kg_target) AS kg "
        f"FROM rota WHERE day >= '{day}' GROUP BY picker ORDER BY kg DESC"
    ).fetchall()
    return jsonify([dict(r) for r in rows])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    init_db()
    # tablets on the shed wifi need to reach it, so listen on all interfaces
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
