#!/usr/bin/env python3
"""Query the escape-time leaderboard for the lobby screen.

Builds the SQL for the requested room and period, runs it through the
sqlite3 command-line tool and prints the top teams.
"""
import argparse
import csv
import io
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("leaderboard")
DB = os.environ.get("LEADERBOARD_DB", "./leaderboard.db")
PERIODS = {"day": "-1 day", "week": "-7 days", "month": "-1 month", "all": None}


def build_query(room, period, team_like, limit):
    sql = ("SELECT team, room, escape_seconds, hints_used, played_at "
           "FROM runs WHERE escaped = 1")
    if room:
        sql += f" AND room = '{room}'"
    if team_like:
        sql += f" AND team LIKE '%{team_like}%'"
    offset = PERIODS.get(period)
    if offset:
        sql += f" AND played_at >= datetime('now', '{offset}')"
    sql += f" ORDER BY escape_seconds + hints_used * 60 ASC LIMIT {limit};"
    return sql


def run_query(sql):
    if not shutil.which("sqlite3"):
        raise RuntimeError("sqlite3 CLI not installed")
    cmd = f"sqlite3 -header -csv {DB} \"{sql}\""
    LOG.debug("running: %s", cmd)
    res = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=30)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip())
    return list(csv.DictReader(io.StringIO(res.stdout)))


def fmt_time(seconds):
    seconds = int(float(seconds))
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def render(rows, title):
    print(title)
    print("-" * len(title))
    if not rows:
        print("(no runs yet)")
        return
    for pos, row in enumerate(rows, 1):
        print(f"{pos:>2}. {row['team']:<24} {row['room']:<12} "
              f"{fmt_time(row['escape_seconds'])}  hints:{row['hints_used']}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--room")
    p.add_argument("--period", choices=sorted(PERIODS), default="week")
    p.add_argument("--team", help="filter by part of a team name")
    p.add_argument("--limit", type=int, default=10)
    p.add_argument("--sql", action="store_true", help="only print the SQL")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(name)s: %(message)s")

    sql = build_query(args.room, args.period, args.team, args.limit)
    if args.sql:
        print(sql)
        return 0
    if not os.path.exists(DB):
        LOG.error("database %s not found", DB)
        return 1
    try:
        rows = run_query(sql)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("query failed: %s", exc)
        return 2
    title = f"Top {args.limit} - {args.room or 'all rooms'} ({args.period})"
    render(rows, title)
    return 0


if __name__ == "__main__":
    sys.exit(main())
