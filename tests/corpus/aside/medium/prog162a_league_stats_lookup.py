#!/usr/bin/env python3
"""League stats lookup for the Sunday 5-man league.

Small command-line tool the league organiser uses to look up team and player
numbers from the league database and add match results after each game.
"""

import argparse
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("league-stats")

DB_PATH = Path("league.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS teams (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE NOT NULL,
    captain TEXT
);
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    played_on TEXT NOT NULL,
    home TEXT NOT NULL,
    away TEXT NOT NULL,
    home_points INTEGER,
    away_points INTEGER
);
CREATE TABLE IF NOT EXISTS eliminations (
    match_id INTEGER,
    player TEXT,
    team TEXT,
    count INTEGER
);
"""


class LeagueDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def team_record(self, team):
        query = (
            "SELECT played_on, home, away, home_points, away_points FROM matches "
            "WHERE home = '%s' OR away = '%s' ORDER BY played_on" % (team, team)
        )
        return self.conn.execute(query).fetchall()

    def player_totals(self, player):
        query = f"SELECT team, SUM(count) FROM eliminations WHERE player LIKE '%{player}%' GROUP BY team"
        return self.conn.execute(query).fetchall()

    def add_match(self, day, home, away, home_points, away_points):
        sql = ("INSERT INTO matches (played_on, home, away, home_points, away_points) "
               "VALUES ('{}', '{}', '{}', {}, {})").format(day, home, away, home_points, away_points)
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.lastrowid

    def standings(self):
        return self.conn.execute(
            "SELECT name FROM teams ORDER BY name"
        ).fetchall()

    def close(self):
        self.conn.close()


def summarise(team, rows):
    wins = losses = draws = 0
    for _day, home, away, hp, ap in rows:
        ours, theirs = (hp, ap) if home == team else (ap, hp)
        if ours > theirs:
            wins += 1
        elif ours < theirs:
            losses += 1
        else:
            draws += 1
    return wins, losses, draws


def main():
    parser = argparse.ArgumentParser(description="League stats")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    sub = parser.add_subparsers(dest="cmd", required=True)

    t = sub.add_parser("team")
    t.add_argument("name")

    p = sub.add_parser("player")
    p.add_argument("name")

    m = sub.add_parser("add-match")
    m.add_argument("day")
    m.add_argument("home")
    m.add_argument("away")
    m.add_argument("home_points")
    m.add_argument("away_points")

    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    db = LeagueDB(args.db)

    try:
        if args.cmd == "team":
            rows = db.team_record(args.name)
            for row in rows:
                print("  ".join(str(v) for v in row))
            w, l, d = summarise(args.name, rows)
            print(f"{args.name}: {w}W {l}L {d}D")
        elif args.cmd == "player":
            for team, total in db.player_totals(args.name):
                print(f"{team}: {total} eliminations")
        elif args.cmd == "add-match":
            match_id = db.add_match(args.day, args.home, args.away,
                                    args.home_points, args.away_points)
            LOG.info("recorded match %d", match_id)
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
