#!/usr/bin/env python3
"""Leaderboard lookups for the front desk and the lobby screens."""
import argparse
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("leaderboard")

DEFAULT_DB = Path("data/arena.sqlite3")

SORT_COLUMNS = {
    "score": "total_score",
    "tags": "tags_landed",
    "accuracy": "accuracy",
    "games": "games_played",
}

BASE_QUERY = (
    "SELECT p.callsign, s.total_score, s.tags_landed, s.accuracy, s.games_played "
    "FROM player_stats s JOIN players p ON p.id = s.player_id"
)


class Leaderboard:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(str(db_path))
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def build_query(self, season, callsign, order, limit):
        clauses = []
        if season:
            clauses.append("s.season = '%s'" % season)
        if callsign:
            clauses.append("p.callsign LIKE '%%%s%%'" % callsign)
        sql = BASE_QUERY
        if clauses:
            sql += " WHERE " + " AND ".join(clauses)
        sql += " ORDER BY s.{} DESC LIMIT {}".format(SORT_COLUMNS[order], int(limit))
        return sql

    def top(self, season=None, callsign=None, order="score", limit=10):
        sql = self.build_query(season, callsign, order, limit)
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def seasons(self):
        rows = self.conn.execute("SELECT DISTINCT season FROM player_stats ORDER BY season")
        return [r[0] for r in rows]


def format_rows(rows):
    header = "{:<4} {:<18} {:>8} {:>6} {:>7} {:>6}".format("#", "callsign", "score", "tags", "acc%", "games")
    lines = [header, "-" * len(header)]
    for rank, row in enumerate(rows, start=1):
        lines.append("{:<4} {:<18} {:>8} {:>6} {:>7.1f} {:>6}".format(
            rank, row["callsign"], row["total_score"], row["tags_landed"],
            (row["accuracy"] or 0) * 100, row["games_played"]))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="Show the arena leaderboard")
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    parser.add_argument("--season")
    parser.add_argument("--callsign", help="filter by part of a callsign")
    parser.add_argument("--order", choices=sorted(SORT_COLUMNS), default="score")
    parser.add_argument("--limit", type=int, default=10)
    parser.add_argument("--list-seasons", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    if not args.db.exists():
        log.error("no database at %s", args.db)
        return 1
    board = Leaderboard(args.db)
    try:
        if args.list_seasons:
            print("\n".join(board.seasons()))
            return 0
        rows = board.top(args.season, args.callsign, args.order, args.limit)
        if not rows:
            print("no players found")
            return 0
        print(format_rows(rows))
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        board.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
