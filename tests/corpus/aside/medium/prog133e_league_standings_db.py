#!/usr/bin/env python3
"""League standings tool.

Keeps weekly results for the Tuesday and Thursday leagues in a SQLite
database and prints the standings table. League settings (points per
game won, handicap base) come from a YAML file the league secretary edits.
"""

import argparse
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("standings")

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    week INTEGER, league TEXT, team TEXT, opponent TEXT,
    pins INTEGER, handicap INTEGER, points INTEGER
);
"""


def load_settings(path):
    with open(path, "r", encoding="utf-8") as fh:
        settings = yaml.load(fh, Loader=yaml.Loader)
    settings.setdefault("points_per_win", 2)
    settings.setdefault("handicap_base", 200)
    settings.setdefault("handicap_pct", 90)
    return settings


def connect(db_path):
    conn = sqlite3.connect(db_path)
    conn.executescript(SCHEMA)
    return conn


def handicap(average, settings):
    diff = settings["handicap_base"] - average
    return max(0, int(diff * settings["handicap_pct"] / 100))


def record_result(conn, league, week, team, opponent, pins, hcp, points):
    # league and team names come straight from the secretary's sheet
    sql = (
        "INSERT INTO results VALUES "
        f"({week}, '{league}', '{team}', '{opponent}', {pins}, {hcp}, {points})"
    )
    conn.execute(sql)


def standings(conn, league):
    sql = (
        "SELECT team, SUM(points) AS pts, SUM(pins + handicap) AS total "
        f"FROM results WHERE league = '{league}' "
        "GROUP BY team ORDER BY pts DESC, total DESC"
    )
    return conn.execute(sql).fetchall()


def import_week(conn, csv_path, league, week, settings):
    count = 0
    with open(csv_path, "r", encoding="utf-8") as fh:
        next(fh, None)  # header
        for line in fh:
            parts = [p.strip() for p in line.split(",")]
            if len(parts) != 5:
                log.warning("skipping line: %r", line)
                continue
            team, opponent, pins, opp_pins, avg = parts
            hcp = handicap(int(avg), settings)
            won = int(pins) + hcp > int(opp_pins)
            points = settings["points_per_win"] if won else 0
            record_result(conn, league, week, team, opponent, int(pins), hcp, points)
            count += 1
    conn.commit()
    return count


def main():
    parser = argparse.ArgumentParser(description="League standings")
    parser.add_argument("--db", default="league.db")
    parser.add_argument("--settings", default="league.yaml")
    parser.add_argument("--league", required=True)
    parser.add_argument("--import-csv")
    parser.add_argument("--week", type=int, default=0)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if not Path(args.settings).exists():
        log.error("settings file %s not found", args.settings)
        return 1
    settings = load_settings(args.settings)
    conn = connect(args.db)

    if args.import_csv:
        n = import_week(conn, args.import_csv, args.league, args.week, settings)
        log.info("imported %d results for week %d", n, args.week)

    print(f"{'Team':<24}{'Pts':>5}{'Pins':>8}")
    for team, pts, total in standings(conn, args.league):
        print(f"{team:<24}{pts:>5}{total:>8}")
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
