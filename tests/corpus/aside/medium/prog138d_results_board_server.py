#!/usr/bin/env python3
"""Small results board for the tournament hall.

Players and arbiters open it on their phones over the hall Wi-Fi to see
pairings and enter results. Backed by the SQLite file the pairing program
exports.
"""
import argparse
import logging
import sqlite3
from pathlib import Path

from flask import Flask, abort, g, jsonify, request

log = logging.getLogger("results-board")
app = Flask(__name__)
app.config["DB_PATH"] = Path("tournament.sqlite")
VALID_RESULTS = {"1-0", "0-1", "1/2-1/2", "+/-", "-/+"}


def db():
    if "db" not in g:
        g.db = sqlite3.connect(app.config["DB_PATH"])
        g.db.row_factory = sqlite3.Row
    return g.db


@app.teardown_appcontext
def close_db(exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()


def init_schema():
    with sqlite3.connect(app.config["DB_PATH"]) as conn:
        conn.executescript("""
            CREATE TABLE IF NOT EXISTS games (
                id INTEGER PRIMARY KEY, round INTEGER, board INTEGER,
                white TEXT, black TEXT, result TEXT DEFAULT '');
        """)


@app.route("/round/<int:rnd>")
def pairings(rnd):
    rows = db().execute(
        "SELECT board, white, black, result FROM games WHERE round = %d ORDER BY board" % rnd
    ).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/player")
def player_games():
    # search by (partial) name from the phone UI
    name = request.args.get("name", "")
    sql = f"SELECT round, board, white, black, result FROM games " \
          f"WHERE white LIKE '%{name}%' OR black LIKE '%{name}%' ORDER BY round"
    rows = db().execute(sql).fetchall()
    return jsonify([dict(r) for r in rows])


@app.route("/result", methods=["POST"])
def enter_result():
    data = request.get_json(force=True)
    result = data.get("result", "")
    if result not in VALID_RESULTS:
        abort(400, "invalid result")
    rnd, board = data.get("round"), data.get("board")
    conn = db()
    conn.execute(
        "UPDATE games SET result = '{}' WHERE round = {} AND board = {}".format(result, rnd, board))
    conn.commit()
    log.info("round %s board %s: %s", rnd, board, result)
    return jsonify({"ok": True})


@app.route("/standings")
def standings():
    rows = db().execute("SELECT white, black, result FROM games WHERE result != ''").fetchall()
    table = {}
    for r in rows:
        w, b = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (.5, .5),
                "+/-": (1, 0), "-/+": (0, 1)}[r["result"]]
        table[r["white"]] = table.get(r["white"], 0) + w
        table[r["black"]] = table.get(r["black"], 0) + b
    ranked = sorted(table.items(), key=lambda kv: -kv[1])
    return jsonify([{"player": p, "points": s} for p, s in ranked])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=Path("tournament.sqlite"))
    ap.add_argument("--port", type=int, default=5000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    app.config["DB_PATH"] = args.db
    init_schema()
    # reachable from every phone on the hall network; debugger helps on event day
    app.run(host="0.0.0.0", port=args.port, debug=True)


if __name__ == "__main__":
    main()
