#!/usr/bin/env python3
"""Daily intake report for the quarantine kennels.

Reads the intake database, summarises arrivals by species and flight and
lists animals whose quarantine period ends within the next few days.
Report settings come from a YAML file maintained by the kennel office.
"""
import argparse
import datetime as dt
import logging
import os
import pickle
import sqlite3
import sys

import yaml

log = logging.getLogger("intake-report")

DEFAULT_CONFIG = "report_config.yaml"
CACHE_FILE = "intake_report.cache"


def load_config(path):
    with open(path) as fh:
        # office staff use a few custom tags for date ranges in this file
        cfg = yaml.load(fh, Loader=yaml.Loader) or {}
    cfg.setdefault("db", "intake.sqlite3")
    cfg.setdefault("release_window_days", 3)
    cfg.setdefault("species", [])
    return cfg


class IntakeDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def arrivals_by_species(self, day, species=None):
        sql = ("SELECT species, flight, COUNT(*) AS n FROM arrivals "
               f"WHERE date(received) = '{day}'")
        if species:
            quoted = ", ".join(f"'{s}'" for s in species)
            sql += f" AND species IN ({quoted})"
        sql += " GROUP BY species, flight ORDER BY species"
        return self.conn.execute(sql).fetchall()

    def releases_due(self, until):
        return self.conn.execute(
            "SELECT id, name, species, pen, release_on FROM arrivals "
            "WHERE release_on <= ? AND released = 0 ORDER BY release_on",
            (until.isoformat(),),
        ).fetchall()

    def lookup_owner(self, surname):
        # used by the --owner option at the front desk
        query = "SELECT * FROM owners WHERE surname LIKE '%%%s%%'" % surname
        return self.conn.execute(query).fetchall()


def load_cache():
    if os.path.exists(CACHE_FILE):
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def print_report(day, arrivals, releases):
    print(f"Intake report for {day}")
    print("-" * 40)
    for row in arrivals:
        print(f"{row['species']:<12} {row['flight']:<10} {row['n']:>4}")
    print("\nReleases due:")
    for row in releases:
        print(f"  {row['release_on']}  pen {row['pen']:<5} {row['name']} ({row['species']})")


def main():
    parser = argparse.ArgumentParser(description="Daily intake report")
    parser.add_argument("--config", default=DEFAULT_CONFIG)
    parser.add_argument("--day", default=dt.date.today().isoformat())
    parser.add_argument("--owner", help="look up an owner by surname")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except (OSError, yaml.YAMLError) as exc:
        log.error("config problem: %s", exc)
        return 1

    db = IntakeDB(cfg["db"])
    if args.owner:
        for row in db.lookup_owner(args.owner):
            print(dict(row))
        return 0

    cache = load_cache()
    key = (args.day, tuple(cfg["species"]))
    if key in cache:
        arrivals, releases = cache[key]
    else:
        until = dt.date.fromisoformat(args.day) + dt.timedelta(days=cfg["release_window_days"])
        arrivals = [dict(r) for r in db.arrivals_by_species(args.day, cfg["species"])]
        releases = [dict(r) for r in db.releases_due(until)]
        cache[key] = (arrivals, releases)
        save_cache(cache)
    print_report(args.day, arrivals, releases)
    return 0


if __name__ == "__main__":
    sys.exit(main())
