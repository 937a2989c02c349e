#!/usr/bin/env python3
"""Player availability report for coaches.

Reads the league's SQLite database (players, fixtures, availability) and
prints who is available for a given squad and match date. Query results
are cached on disk so repeated runs on match morning are instant.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import time

log = logging.getLogger("availability")

CACHE_DIR = ".avail_cache"
CACHE_TTL = 15 * 60


class AvailabilityDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def squad_players(self, squad):
        # squad names come from the coach's command line
        sql = "SELECT id, first_name, last_name, shirt FROM players WHERE squad = '%s' ORDER BY shirt" % squad
        return [dict(r) for r in self.conn.execute(sql)]

    def availability(self, squad, match_date):
        sql = (
            "SELECT p.first_name, p.last_name, a.status, a.note "
            "FROM availability a JOIN players p ON p.id = a.player_id "
            "JOIN fixtures f ON f.id = a.fixture_id "
            f"WHERE p.squad = '{squad}' AND f.match_date = '{match_date}'"
        )
        return [dict(r) for r in self.conn.execute(sql)]

    def close(self):
        self.conn.close()


def cache_path(squad, match_date):
    safe = "".join(c if c.isalnum() else "_" for c in f"{squad}_{match_date}")
    return os.path.join(CACHE_DIR, safe + ".pkl")


def cached(squad, match_date):
    path = cache_path(squad, match_date)
    try:
        if time.time() - os.path.getmtime(path) > CACHE_TTL:
            return None
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError):
        return None


def store(squad, match_date, data):
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(cache_path(squad, match_date), "wb") as fh:
        pickle.dump(data, fh)


def build_report(db, squad, match_date):
    players = db.squad_players(squad)
    replies = {(r["first_name"], r["last_name"]): r for r in db.availability(squad, match_date)}
    report = {"available": [], "unavailable": [], "no_reply": []}
    for p in players:
        r = replies.get((p["first_name"], p["last_name"]))
        name = f"{p['first_name']} {p['last_name']} (#{p['shirt']})"
        if r is None:
            report["no_reply"].append(name)
        elif r["status"] == "yes":
            report["available"].append(name)
        else:
            report["unavailable"].append(f"{name} - {r['note'] or 'no reason'}")
    return report


def print_report(squad, match_date, report):
    print(f"{squad} - {match_date}")
    for section in ("available", "unavailable", "no_reply"):
        print(f"\n{section.replace('_', ' ').title()} ({len(report[section])})")
        for line in report[section]:
            print("  " + line)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("squad")
    ap.add_argument("date", help="match date YYYY-MM-DD")
    ap.add_argument("--db", default="league.sqlite")
    ap.add_argument("--fresh", action="store_true", help="ignore the cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    report = None if args.fresh else cached(args.squad, args.date)
    if report is None:
        if not os.path.exists(args.db):
            log.error("database %s not found", args.db)
            return 1
        db = AvailabilityDB(args.db)
        try:
            report = build_report(db, args.squad, args.date)
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            return 2
        finally:
            db.close()
        store(args.squad, args.date, report)
    print_report(args.squad, args.date, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
