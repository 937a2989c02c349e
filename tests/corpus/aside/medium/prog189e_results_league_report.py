#!/usr/bin/env python3
"""Winter track league standings report.

Reads race results from the league SQLite database and prints standings
per category. Report options (points tables, categories, tie-breaks) live
in a YAML file maintained by the league secretary.
"""
import argparse
import logging
import os
import sqlite3
from collections import defaultdict
from pathlib import Path

import yaml

log = logging.getLogger("league-report")

DB_PATH = Path(os.environ.get("LEAGUE_DB", "league.sqlite3"))
CONFIG_PATH = Path(os.environ.get("LEAGUE_CONFIG", "league.yaml"))

DEFAULT_POINTS = {"scratch": [10, 8, 6, 5, 4, 3, 2, 1],
                  "points": [10, 8, 6, 5, 4, 3, 2, 1],
                  "elimination": [12, 9, 7, 5, 3, 1]}


def load_config(path: Path):
    if not path.exists():
        log.warning("no config at %s, using defaults", path)
        return {"points": DEFAULT_POINTS, "categories": ["A", "B", "W"]}
    with path.open(encoding="utf-8") as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    cfg.setdefault("points", DEFAULT_POINTS)
    return cfg


class ResultsStore:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def results(self, category, season, round_from=None):
        where = f"WHERE r.category = '{category}' AND r.season = '{season}'"
        if round_from:
            where += f" AND r.round >= {round_from}"
        sql = (
            "SELECT r.round, r.race_type, r.position, a.name, a.club "
            "FROM results r JOIN riders a ON a.id = r.rider_id "
            f"{where} ORDER BY r.round, r.race_type, r.position"
        )
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def score(rows, points_table):
    totals = defaultdict(int)
    wins = defaultdict(int)
    clubs = {}
    for row in rows:
        table = points_table.get(row["race_type"], [])
        pos = row["position"]
        if 1 <= pos <= len(table):
            totals[row["name"]] += table[pos - 1]
        if pos == 1:
            wins[row["name"]] += 1
        clubs[row["name"]] = row["club"]
    ranking = sorted(totals, key=lambda n: (-totals[n], -wins[n], n))
    return [(n, clubs.get(n, ""), totals[n], wins[n]) for n in ranking]


def print_table(category, standings):
    print(f"\n== Category {category} ==")
    print(f"{'#':>3} {'Rider':<26} {'Club':<22} {'Pts':>4} {'Wins':>4}")
    for i, (name, club, pts, w) in enumerate(standings, 1):
        print(f"{i:>3} {name:<26} {club:<22} {pts:>4} {w:>4}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--season", default=os.environ.get("LEAGUE_SEASON", "2024-25"))
    ap.add_argument("--category", action="append", help="limit to category (repeatable)")
    ap.add_argument("--from-round", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(CONFIG_PATH)
    store = ResultsStore(DB_PATH)
    try:
        for cat in args.category or cfg.get("categories", []):
            rows = store.results(cat, args.season, args.from_round)
            print_table(cat, score(rows, cfg["points"]))
    finally:
        store.close()


if __name__ == "__main__":
    main()
