#!/usr/bin/env python3
"""Patient lookup report for the front desk.

Searches the local copy of the appointment database (SQLite export made
every night into the working directory) by last name and/or date range,
and prints a table of matching appointments. The table is aligned by
piping it through `column` in a small shell pipeline.
"""
import argparse
import csv
import io
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("patient_lookup")

DB_PATH = "./appointments.sqlite"

COLUMNS = ["chart_no", "last_name", "first_name", "appt_date", "appt_time", "provider", "procedure"]


class AppointmentStore:
    def __init__(self, path):
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(path)

    def search(self, last_name=None, date_from=None, date_to=None, provider=None, limit=200):
        # Query text assembled from the search form fields.
        clauses = []
        if last_name:
            clauses.append(f"p.last_name LIKE '%{last_name}%'")
        if date_from:
            clauses.append(f"a.appt_date >= '{date_from}'")
        if date_to:
            clauses.append(f"a.appt_date <= '{date_to}'")
        if provider:
            clauses.append(f"a.provider = '{provider}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (
            "SELECT p.chart_no, p.last_name, p.first_name, a.appt_date, a.appt_time, "
            "a.provider, a.procedure FROM appointments a "
            "JOIN patients p ON p.chart_no = a.chart_no "
            f"WHERE {where} ORDER BY a.appt_date, a.appt_time LIMIT {int(limit)}"
        )
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def to_tsv(rows):
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter="\t", lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    return buf.getvalue()


def align(tsv_text):
    """Align the TSV with `column -t`; fall back to raw TSV."""
    proc = subprocess.run(
        ["bash", "-c", 'printf "%s" "$REPORT_TSV" | column -t -s "$(printf "\\t")"'],
        env=dict(os.environ, REPORT_TSV=tsv_text),
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0 or not proc.stdout:
        LOG.debug("column not available: %s", proc.stderr.strip())
        return tsv_text
    return proc.stdout


def main(argv=None):
    parser = argparse.ArgumentParser(description="Look up appointments by patient name")
    parser.add_argument("--name", help="part of the last name")
    parser.add_argument("--from", dest="date_from", help="YYYY-MM-DD")
    parser.add_argument("--to", dest="date_to", help="YYYY-MM-DD")
    parser.add_argument("--provider")
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("--tsv", help="also write the result to this TSV file")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not any([args.name, args.date_from, args.date_to, args.provider]):
        parser.error("give at least one search field")

    try:
        store = AppointmentStore(args.db)
    except FileNotFoundError:
        LOG.error("database %s not found - run the nightly export first", args.db)
        return 1
    try:
        rows = store.search(args.name, args.date_from, args.date_to, args.provider, args.limit)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 2
    finally:
        store.close()

    if not rows:
        LOG.info("no matching appointments")
        return 0
    tsv = to_tsv(rows)
    if args.tsv:
        with open(args.tsv, "w", encoding="utf-8") as fh:
            fh.write(tsv)
        LOG.info("wrote %s", args.tsv)
    print(align(tsv))
    LOG.info("%d appointments", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
