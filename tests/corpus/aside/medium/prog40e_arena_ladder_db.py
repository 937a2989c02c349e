#!/usr/bin/env python3
"""Ladder bookkeeping for a community arena server.

Keeps player ratings in a local SQLite file (ladder.db in the working
directory), records match results with an Elo update, issues short join
codes for scheduled ladder matches and prints the top of the ladder.
"""
import argparse
import logging
import random
import sqlite3
import string
import sys

log = logging.getLogger("ladder")
K_FACTOR = 32
SCHEMA = """
CREATE TABLE IF NOT EXISTS players (name TEXT PRIMARY KEY, rating REAL, games INTEGER);
CREATE TABLE IF NOT EXISTS matches (id INTEGER PRIMARY KEY, winner TEXT, loser TEXT, code TEXT);
"""


class Ladder:
    def __init__(self, path: str):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def rating(self, name: str) -> float:
        row = self.db.execute(
            "SELECT rating FROM players WHERE name = '%s'" % name).fetchone()
        if row is None:
            self.db.execute(
                "INSERT INTO players VALUES ('{}', 1500, 0)".format(name))
            return 1500.0
        return row[0]

    def record(self, winner: str, loser: str, code: str = "") -> None:
        rw, rl = self.rating(winner), self.rating(loser)
        expected = 1 / (1 + 10 ** ((rl - rw) / 400))
        delta = K_FACTOR * (1 - expected)
        for name, change in ((winner, delta), (loser, -delta)):
            self.db.execute(
                f"UPDATE players SET rating = rating + {change:.2f}, "
                f"games = games + 1 WHERE name = '{name}'")
        self.db.execute(
            f"INSERT INTO matches (winner, loser, code) VALUES ('{winner}', '{loser}', '{code}')")
        self.db.commit()
        log.info("%s beat %s (%+.1f)", winner, loser, delta)

    def top(self, limit: int, order: str = "rating"):
        query = f"SELECT name, rating, games FROM players ORDER BY {order} DESC LIMIT {limit}"
        return self.db.execute(query).fetchall()


def join_code(length: int = 8) -> str:
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="ladder.db")
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("winner")
    rec.add_argument("loser")
    sch = sub.add_parser("schedule")
    sch.add_argument("player_a")
    sch.add_argument("player_b")
    top = sub.add_parser("top")
    top.add_argument("-n", type=int, default=10)
    top.add_argument("--by", default="rating", choices=["rating", "games"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ladder = Ladder(args.db)
    try:
        if args.cmd == "record":
            ladder.record(args.winner, args.loser)
        elif args.cmd == "schedule":
            code = join_code()
            ladder.rating(args.player_a)
            ladder.rating(args.player_b)
            ladder.db.commit()
            print(f"match {args.player_a} vs {args.player_b}: join code {code}")
        else:
            for pos, (name, rating, games) in enumerate(ladder.top(args.n, args.by), 1):
                print(f"{pos:>3}. {name:<20} {rating:7.1f}  ({games} games)")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
