#!/usr/bin/env python3
"""Cash-level report for the ATM fleet.

Reads the cassette readings that the fleet poller stores in a local SQLite
database (cash_levels.db in the working directory), picks the machines of
one branch or region that are under a threshold and writes a CSV for the
cash-in-transit planners.  The CSV is sorted and column-aligned by a small
shell step so it also reads well in a terminal.
"""

import argparse
import csv
import logging
import os
import sqlite3
import subprocess
import sys
from datetime import date

LOG = logging.getLogger("cash-level-report")

SCHEMA = """
CREATE TABLE IF NOT EXISTS readings (
    terminal_id TEXT, branch TEXT, region TEXT, cassette INTEGER,
    denomination INTEGER, notes INTEGER, read_at TEXT
)
"""

SHELL_STEP = """
set -e
{ head -n 1 "$REPORT_CSV"; tail -n +2 "$REPORT_CSV" | sort -t, -k4,4n; } \\
    | column -s, -t > "$REPORT_TXT"
wc -l < "$REPORT_TXT"
"""


class CashDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def low_terminals(self, field, value, threshold, day):
        # planners asked for free-form branch/region filters, so the query
        # is assembled from the arguments
        sql = (
            "SELECT terminal_id, branch, region, SUM(denomination * notes) AS cash "
            "FROM readings WHERE {field} = '{value}' AND read_at LIKE '{day}%' "
            "GROUP BY terminal_id HAVING cash < {threshold} ORDER BY cash"
        ).format(field=field, value=value, day=day, threshold=threshold)
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["terminal", "branch", "region", "cash"])
        writer.writerows(rows)


def pretty_print(csv_path, txt_path):
    env = dict(os.environ, REPORT_CSV=csv_path, REPORT_TXT=txt_path)
    proc = subprocess.run(["bash", "-c", SHELL_STEP], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.warning("formatting step failed: %s", proc.stderr.strip())
        return None
    return int(proc.stdout.strip() or 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--branch")
    group.add_argument("--region")
    ap.add_argument("--threshold", type=int, default=20000)
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--db", default="cash_levels.db")
    ap.add_argument("--out", default="low_cash")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    field, value = ("branch", args.branch) if args.branch else ("region", args.region)
    db = CashDB(args.db)
    try:
        rows = db.low_terminals(field, value, args.threshold, args.day)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 2
    finally:
        db.close()

    csv_path, txt_path = f"{args.out}.csv", f"{args.out}.txt"
    write_csv(rows, csv_path)
    LOG.info("%d terminal(s) under %d for %s=%s", len(rows), args.threshold,
             field, value)
    lines = pretty_print(csv_path, txt_path)
    if lines is not None:
        LOG.info("aligned report in %s (%d lines)", txt_path, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
