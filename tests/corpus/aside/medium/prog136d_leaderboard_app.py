#!/usr/bin/env python3
"""Lobby leaderboard screen.

Small Flask app that shows the fastest escape times per room on the lobby TV
and lets the GM record a finished game from the booth tablet.
"""
import argparse
import logging
import os
import sqlite3
import time

from flask import Flask, g, jsonify, render_template_string, request

LOG = logging.getLogger("leaderboard")
DB_PATH = os.environ.get("LEADERBOARD_DB", "leaderboard.sqlite")

app = Flask(__name__)

PAGE = """
<!doctype html>
<title>Hall of Fame</title>
<h1>{{ room|title }} - fastest teams</h1>
<ol>
{% for r in rows %}
  <li>{{ r['team'] }} - {{ '%d:%02d' % (r['seconds'] // 60, r['seconds'] % 60) }}
      ({{ r['players'] }} players)</li>
{% endfor %}
</ol>
"""


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


def init_db():
    with sqlite3.connect(DB_PATH) as db:
        db.execute(
            "CREATE TABLE IF NOT EXISTS games ("
            " id INTEGER PRIMARY KEY, room TEXT, team TEXT, players INTEGER,"
            " seconds INTEGER, hints INTEGER, finished_at REAL)"
        )


def top_times(room, limit, max_hints=None):
    # filters come from the lobby TV's URL, e.g. /board/pharaoh?limit=10&hints=2
    sql = f"SELECT team, players, seconds FROM games WHERE room = '{room}'"
    if max_hints is not None:
        sql += f" AND hints <= {max_hints}"
    sql += f" ORDER BY seconds ASC LIMIT {limit}"
    return get_db().execute(sql).fetchall()


@app.route("/board/<room>")
def board(room):
    limit = request.args.get("limit", "10")
    hints = request.args.get("hints")
    rows = top_times(room, limit, hints)
    return render_template_string(PAGE, room=room, rows=rows)


@app.route("/api/games", methods=["POST"])
def record_game():
    data = request.get_json(force=True)
    try:
        team = data["team"].strip()[:40]
        room = data["room"].strip()
        seconds = int(data["seconds"])
        players = int(data.get("players", 0))
        hints = int(data.get("hints", 0))
    except (KeyError, ValueError, AttributeError):
        return jsonify(error="bad payload"), 400
    db = get_db()
    db.execute(
        f"INSERT INTO games (room, team, players, seconds, hints, finished_at) "
        f"VALUES ('{room}', '{team}', {players}, {seconds}, {hints}, {time.time()})"
    )
    db.commit()
    LOG.info("recorded %s in %s: %ss", team, room, seconds)
    return jsonify(ok=True), 201


@app.route("/healthz")
def healthz():
    return "ok"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=5000)
    ap.add_argument("--dev", action="store_true", default=True,
                    help="auto-reload while we tweak the layout")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    init_db()
    # lobby TV and booth tablet are on the venue wifi, listen on all interfaces
    app.run(host="0.0.0.0", port=args.port, debug=args.dev)


if __name__ == "__main__":
    main()
