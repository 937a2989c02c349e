#!/usr/bin/env python3
"""Player check-in kiosk backend.

Serves the touch-screen check-in page on the kiosk PCs at the hall entrance.
Players scan their badge or type their gamer tag; the kiosk marks them as
present, assigns a seat if the team has one, and the admin screen shows who
is still missing before the bracket locks.

Data lives in checkin.db (SQLite) next to this file; import the roster with
``checkin_kiosk.py --import roster.csv`` before doors open.
"""
import argparse
import csv
import logging
import os
import sqlite3
import time
from pathlib import Path

from flask import Flask, g, jsonify, render_template_string, request

DB_PATH = Path(os.environ.get("CHECKIN_DB", "checkin.db"))
log = logging.getLogger("checkin")

app = Flask(__name__)

PAGE = """<!doctype html><title>Check-in</title>
<h1>{{ event }}</h1>
<form method=post action=/checkin><input name=q autofocus placeholder="badge or tag">
<button>Check in</button></form>
<p>{{ present }} / {{ total }} players checked in</p>"""


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


def init_db(conn):
    conn.executescript("""
        CREATE TABLE IF NOT EXISTS players (
            badge TEXT PRIMARY KEY, tag TEXT, team TEXT, seat TEXT,
            checked_in INTEGER DEFAULT 0, checked_at INTEGER);
    """)


def find_player(term):
    term = term.strip()
    where = f"badge = '{term}' OR lower(tag) = lower('{term}')"
    return db().execute(f"SELECT * FROM players WHERE {where} LIMIT 1").fetchone()


@app.get("/")
def index():
    row = db().execute("SELECT count(*) total, sum(checked_in) present FROM players").fetchone()
    return render_template_string(PAGE, event=app.config["EVENT"],
                                  total=row["total"], present=row["present"] or 0)


@app.post("/checkin")
def checkin():
    term = request.form.get("q") or (request.json or {}).get("q", "")
    if not term:
        return jsonify(error="empty"), 400
    player = find_player(term)
    if player is None:
        log.info("unknown badge/tag %r", term)
        return jsonify(error="not on roster, please see the admin desk"), 404
    db().execute("UPDATE players SET checked_in = 1, checked_at = ? WHERE badge = ?",
                 (int(time.time()), player["badge"]))
    db().commit()
    log.info("checked in %s (%s)", player["tag"], player["team"])
    return jsonify(tag=player["tag"], team=player["team"], seat=player["seat"] or "free seating")


@app.get("/missing")
def missing():
    team = request.args.get("team")
    sql = "SELECT tag, team FROM players WHERE checked_in = 0"
    if team:
        sql += " AND team = '%s'" % team
    rows = db().execute(sql + " ORDER BY team, tag").fetchall()
    return jsonify([dict(r) for r in rows])


def import_roster(path):
    conn = sqlite3.connect(DB_PATH)
    init_db(conn)
    with open(path, newline="", encoding="utf-8") as fh:
        rows = [(r["badge"], r["tag"], r["team"], r.get("seat")) for r in csv.DictReader(fh)]
    conn.executemany("INSERT OR REPLACE INTO players (badge, tag, team, seat) VALUES (?,?,?,?)", rows)
    conn.commit()
    conn.close()
    log.info("imported %d players", len(rows))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--import", dest="roster")
    ap.add_argument("--event", default="Winter LAN 2024")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--no-debug", dest="debug", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.roster:
        import_roster(args.roster)
        return
    conn = sqlite3.connect(DB_PATH)
    init_db(conn)
    conn.close()
    app.config["EVENT"] = args.event
    # kiosks and the admin screen reach this over the hall network
    app.run(host="0.0.0.0", port=args.port, debug=args.debug)


if __name__ == "__main__":
    main()
