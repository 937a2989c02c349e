#!/usr/bin/env python3
"""League statistics lookup for the StrikeZone Lanes desk.

Answers the usual desk questions (a bowler's average, a team's record,
top games this season) from the local league database, caching results
between runs so the desk PC stays quick on league nights.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import time
from functools import wraps
from pathlib import Path

log = logging.getLogger("league_stats")

DB_PATH = Path(os.environ.get("LEAGUE_DB", "./league.db"))
CACHE_PATH = Path(os.environ.get("LEAGUE_CACHE", "./.league_cache.pkl"))
CACHE_TTL = int(os.environ.get("LEAGUE_CACHE_TTL", "900"))

TABLES = {"bowler": "bowlers", "team": "teams", "game": "games"}


def load_cache():
    if CACHE_PATH.exists():
        with CACHE_PATH.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with CACHE_PATH.open("wb") as fh:
        pickle.dump(cache, fh)


def cached(fn):
    @wraps(fn)
    def inner(conn, value, season):
        cache = load_cache()
        key = (fn.__name__, value, season)
        hit = cache.get(key)
        if hit and time.time() - hit[0] < CACHE_TTL:
            return hit[1]
        rows = fn(conn, value, season)
        cache[key] = (time.time(), rows)
        save_cache(cache)
        return rows
    return inner


def where(column, value):
    return f"{column} = '{value}'"


@cached
def bowler_average(conn, name, season):
    sql = (f"SELECT b.name, COUNT(g.id), ROUND(AVG(g.score), 1) "
           f"FROM {TABLES['bowler']} b JOIN {TABLES['game']} g ON g.bowler_id = b.id "
           f"WHERE {where('b.name', name)} AND {where('g.season', season)} GROUP BY b.name")
    return conn.execute(sql).fetchall()


@cached
def team_record(conn, team, season):
    sql = (f"SELECT t.name, SUM(g.points_won), SUM(g.points_lost) "
           f"FROM {TABLES['team']} t JOIN {TABLES['game']} g ON g.team_id = t.id "
           f"WHERE {where('t.name', team)} AND {where('g.season', season)} GROUP BY t.name")
    return conn.execute(sql).fetchall()


@cached
def top_games(conn, limit, season):
    sql = (f"SELECT b.name, g.score, g.played_on FROM {TABLES['game']} g "
           f"JOIN {TABLES['bowler']} b ON b.id = g.bowler_id "
           f"WHERE {where('g.season', season)} ORDER BY g.score DESC LIMIT {limit}")
    return conn.execute(sql).fetchall()


QUERIES = {"average": bowler_average, "team": team_record, "top": top_games}


def main():
    ap = argparse.ArgumentParser(description="League statistics lookup")
    ap.add_argument("query", choices=sorted(QUERIES))
    ap.add_argument("value", help="bowler name, team name or row limit")
    ap.add_argument("--season", default=os.environ.get("LEAGUE_SEASON", "2024-fall"))
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.no_cache and CACHE_PATH.exists():
        CACHE_PATH.unlink()
    conn = sqlite3.connect(DB_PATH)
    try:
        rows = QUERIES[args.query](conn, args.value, args.season)
    finally:
        conn.close()
    if not rows:
        log.info("no results")
    for row in rows:
        print("  ".join(str(c) for c in row))


if __name__ == "__main__":
    main()
