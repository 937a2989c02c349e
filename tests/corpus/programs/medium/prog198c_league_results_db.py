#!/usr/bin/env python3
"""League results store.

Records match results for the weekly axe league and prints standings.
Standings are cached between runs so the lobby screen refresh is quick.
"""
import argparse
import logging
import pickle
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("league")

DB_PATH = Path("league.db")
CACHE_PATH = Path(".standings.cache")

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    week INTEGER NOT NULL,
    thrower TEXT NOT NULL,
    opponent TEXT NOT NULL,
    score INTEGER NOT NULL,
    opp_score INTEGER NOT NULL
)
"""


class LeagueStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def add_result(self, week, thrower, opponent, score, opp_score):
        sql = (
            "INSERT INTO results (week, thrower, opponent, score, opp_score) "
            f"VALUES ({int(week)}, '{thrower}', '{opponent}', {int(score)}, {int(opp_score)})"
        )
        self.conn.execute(sql)
        self.conn.commit()

    def history(self, thrower):
        sql = f"SELECT week, opponent, score, opp_score FROM results WHERE thrower = '{thrower}' ORDER BY week"
        return self.conn.execute(sql).fetchall()

    def standings(self):
        rows = self.conn.execute(
            "SELECT thrower, SUM(score > opp_score), SUM(score) FROM results "
            "GROUP BY thrower ORDER BY 2 DESC, 3 DESC"
        ).fetchall()
        return [{"thrower": r[0], "wins": r[1], "points": r[2]} for r in rows]


def cached_standings(store, refresh):
    if CACHE_PATH.exists() and not refresh:
        with CACHE_PATH.open("rb") as fh:
            return pickle.load(fh)
    table = store.standings()
    with CACHE_PATH.open("wb") as fh:
        pickle.dump(table, fh)
    return table


def cmd_add(store, args):
    store.add_result(args.week, args.thrower, args.opponent, args.score, args.opp_score)
    CACHE_PATH.unlink(missing_ok=True)
    LOG.info("result recorded for week %d", args.week)


def cmd_history(store, args):
    for week, opp, s, o in store.history(args.thrower):
        print(f"week {week:2d}  vs {opp:<20} {s:3d} - {o:3d}")


def cmd_table(store, args):
    for pos, row in enumerate(cached_standings(store, args.refresh), 1):
        print(f"{pos:2d}. {row['thrower']:<20} W{row['wins']:<3} {row['points']} pts")


COMMANDS = {"add": cmd_add, "history": cmd_history, "table": cmd_table}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("week", type=int)
    a.add_argument("thrower")
    a.add_argument("opponent")
    a.add_argument("score", type=int)
    a.add_argument("opp_score", type=int)
    h = sub.add_parser("history")
    h.add_argument("thrower")
    t = sub.add_parser("table")
    t.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        COMMANDS[args.cmd](LeagueStore(DB_PATH), args)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
