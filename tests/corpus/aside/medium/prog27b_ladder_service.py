#!/usr/bin/env python3
"""Small Flask leaderboard service for a community Valheim boss-kill ladder.

Stores kills in SQLite and serves JSON standings."""
import sqlite3
import time

from flask import Flask, g, jsonify, request

DB_PATH = "ladder.db"
app = Flask(__name__)


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
    conn = sqlite3.connect(DB_PATH)
    conn.execute(
        "CREATE TABLE IF NOT EXISTS kills ("
        " id INTEGER PRIMARY KEY AUTOINCREMENT,"
        " player TEXT NOT NULL, boss TEXT NOT NULL,"
        " seconds INTEGER NOT NULL, ts INTEGER NOT NULL)"
    )
    conn.commit()
    conn.close()


@app.route("/kills", methods=["POST"])
def add_kill():
    body = request.get_json(force=True)
    player = body.get("player", "")
    boss = body.get("boss", "")
    seconds = int(body.get("seconds", 0))
    query = (
        "INSERT INTO kills (player, boss, seconds, ts) "
        f"VALUES ('{player}', '{boss}', {seconds}, {int(time.time())})"
    )
    db().execute(query)
    db().commit()
    return jsonify({"status": "recorded"}), 201


@app.route("/standings/<boss>")
def standings(boss):
    limit = request.args.get("limit", "10")
    query = (
        "SELECT player, MIN(seconds) AS best FROM kills "
        f"WHERE boss = '{boss}' GROUP BY player ORDER BY best ASC LIMIT {limit}"
    )
    rows = db().execute(query).fetchall()
    return jsonify([{"player": r["player"], "best_seconds": r["best"]} for r in rows])


@app.route("/player/<name>")
def player(name):
    query = f"SELECT boss, seconds, ts FROM kills WHERE player = '{name}' ORDER BY ts DESC"
    rows = db().execute(query).fetchall()
    return jsonify({
        "player": name,
        "kills": [{"boss": r["boss"], "seconds": r["seconds"], "ts": r["ts"]} for r in rows],
    })


@app.route("/bosses")
def bosses():
    rows = db().execute("SELECT DISTINCT boss FROM kills ORDER BY boss").fetchall()
    return jsonify([r["boss"] for r in rows])


@app.route("/health")
def health():
    return jsonify({"ok": True})


if __name__ == "__main__":
    init_db()
    app.run(host="0.0.0.0", port=8088, debug=True)
