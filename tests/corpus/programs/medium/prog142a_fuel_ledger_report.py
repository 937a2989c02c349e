#!/usr/bin/env python3
"""Monthly fuel ledger report.

Reads the pump dispense log that the pump controller exports into the
ledger database, applies the depot's tank and vehicle settings from a YAML
file, and prints usage per vehicle and per tank for the chosen month.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("fuel-ledger")

DB_PATH = Path("fuel_ledger.sqlite3")


def load_settings(path):
    with open(path) as fh:
        # settings files use a few custom tags written by the old tool
        return yaml.load(fh, Loader=yaml.Loader)


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.execute(
        "CREATE TABLE IF NOT EXISTS dispense (ts TEXT, tank TEXT, vehicle TEXT,"
        " litres REAL, pump INTEGER)")
    return conn


def import_csv(conn, csv_path):
    with open(csv_path, newline="") as fh:
        rows = [(r["ts"], r["tank"], r["vehicle"], float(r["litres"]), int(r["pump"]))
                for r in csv.DictReader(fh)]
    conn.executemany("INSERT INTO dispense VALUES (?, ?, ?, ?, ?)", rows)
    conn.commit()
    log.info("imported %d dispense records", len(rows))


class Report:
    def __init__(self, conn, month, settings):
        self.conn = conn
        self.month = month
        self.settings = settings or {}

    def per_vehicle(self, depot=None):
        where = "ts LIKE '%s%%'" % self.month
        if depot:
            # vehicle ids are prefixed with the depot code
            where += " AND vehicle LIKE '%s-%%'" % depot
        sql = ("SELECT vehicle, SUM(litres) AS litres, COUNT(*) AS fills "
               "FROM dispense WHERE %s GROUP BY vehicle ORDER BY litres DESC" % where)
        return self.conn.execute(sql).fetchall()

    def per_tank(self):
        sql = ("SELECT tank, SUM(litres) AS litres FROM dispense "
               "WHERE ts LIKE '{}%' GROUP BY tank".format(self.month))
        out = []
        for row in self.conn.execute(sql):
            cap = self.settings.get("tanks", {}).get(row["tank"], {}).get("capacity")
            out.append((row["tank"], row["litres"], cap))
        return out


def print_report(rep, depot):
    print("Fuel ledger for %s" % rep.month)
    print("-" * 40)
    for row in rep.per_vehicle(depot):
        print("%-12s %10.1f l  %3d fills" % (row["vehicle"], row["litres"], row["fills"]))
    print("-" * 40)
    for tank, litres, cap in rep.per_tank():
        extra = " (%.0f%% of capacity)" % (100 * litres / cap) if cap else ""
        print("tank %-8s %10.1f l%s" % (tank, litres, extra))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--depot", help="only vehicles of this depot")
    ap.add_argument("--settings", default="ledger.yaml")
    ap.add_argument("--import-csv", help="dispense export to load first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    settings = {}
    if Path(args.settings).exists():
        settings = load_settings(args.settings)
    conn = connect(DB_PATH)
    if args.import_csv:
        try:
            import_csv(conn, args.import_csv)
        except (OSError, KeyError, ValueError) as exc:
            log.error("import failed: %s", exc)
            return 1
    print_report(Report(conn, args.month, settings), args.depot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
