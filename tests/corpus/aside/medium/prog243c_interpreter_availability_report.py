#!/usr/bin/env python3
"""Report interpreter availability for a language pair and date range.

Reads the agency scheduling database (SQLite, in the working directory),
writes the matching rows to CSV, and uses a generated shell step to print a
sorted, column-aligned summary for the coordinator.
"""
import argparse
import csv
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("availability")

SUMMARY_SH = """#!/bin/bash
set -euo pipefail
echo "Availability for $REPORT_LANG ($REPORT_FROM .. $REPORT_TO)"
tail -n +2 "$REPORT_CSV" | sort -t, -k3,3 -k1,1 | column -s, -t
echo "total slots: $(tail -n +2 "$REPORT_CSV" | wc -l)"
"""

SCHEMA = """
CREATE TABLE IF NOT EXISTS interpreters (id INTEGER PRIMARY KEY, name TEXT, languages TEXT, certified INTEGER);
CREATE TABLE IF NOT EXISTS slots (interpreter_id INTEGER, day TEXT, start TEXT, finish TEXT, booked INTEGER);
"""


class AvailabilityDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def open_slots(self, language, day_from, day_to, certified_only):
        # query assembled from the coordinator's filters
        sql = ("SELECT i.name, s.day, s.start, s.finish FROM slots s "
               "JOIN interpreters i ON i.id = s.interpreter_id "
               "WHERE s.booked = 0 AND i.languages LIKE '%{lang}%' "
               "AND s.day BETWEEN '{start}' AND '{end}'").format(
                   lang=language, start=day_from, end=day_to)
        if certified_only:
            sql += " AND i.certified = 1"
        sql += " ORDER BY s.day, s.start"
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["name", "day", "start", "finish"])
        writer.writerows(rows)
    LOG.info("wrote %d rows to %s", len(rows), path)


def print_summary(csv_path, language, day_from, day_to):
    script = os.path.join(os.getcwd(), ".availability_summary.sh")
    with open(script, "w") as fh:
        fh.write(SUMMARY_SH)
    os.chmod(script, 0o700)
    env = dict(os.environ, REPORT_CSV=csv_path, REPORT_LANG=language,
               REPORT_FROM=day_from, REPORT_TO=day_to)
    try:
        subprocess.run(["bash", script], env=env, check=True)
    except subprocess.CalledProcessError as exc:
        LOG.error("summary step failed: %s", exc)
    finally:
        os.unlink(script)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("language", help="e.g. 'Spanish' or 'Tigrinya'")
    ap.add_argument("--from", dest="day_from", required=True)
    ap.add_argument("--to", dest="day_to", required=True)
    ap.add_argument("--db", default="scheduling.db")
    ap.add_argument("--out", default="availability.csv")
    ap.add_argument("--certified", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not os.path.exists(args.db):
        LOG.error("database %s not found", args.db)
        return 1
    db = AvailabilityDB(args.db)
    try:
        rows = db.open_slots(args.language, args.day_from, args.day_to, args.certified)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()
    write_csv(rows, args.out)
    if rows:
        print_summary(args.out, args.language, args.day_from, args.day_to)
    else:
        LOG.info("no open slots for %s", args.language)
    return 0


if __name__ == "__main__":
    sys.exit(main())
