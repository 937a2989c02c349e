#!/usr/bin/env python3
"""Stage a statewide voter-roll extract and run pre-import checks.

Before the county imports the weekly state extract into the pollbook master,
the extract is loaded into a local SQLite staging database and checked for:

  * duplicate registrations (same name + DOB in the county),
  * voters assigned to precincts that do not exist in the county's list,
  * status changes (active -> inactive/cancelled) above the configured rate.

Findings are written to a CSV for the registrar's review.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("vr-check")

COLUMNS = ["voter_id", "last_name", "first_name", "dob", "precinct",
           "status", "registered_on", "county"]


def stage(conn, extract_path, table):
    conn.execute(f"DROP TABLE IF EXISTS {table}")
    conn.execute(f"CREATE TABLE {table} ({', '.join(c + ' TEXT' for c in COLUMNS)})")
    with open(extract_path, newline="", encoding="latin-1") as fh:
        reader = csv.DictReader(fh, delimiter="|")
        rows = ([r.get(c, "").strip() for c in COLUMNS] for r in reader)
        conn.executemany(
            f"INSERT INTO {table} VALUES ({', '.join('?' * len(COLUMNS))})", rows)
    conn.commit()
    n = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
    log.info("staged %d rows into %s", n, table)
    return n


def find_duplicates(conn, table, county):
    sql = (
        f"SELECT last_name, first_name, dob, GROUP_CONCAT(voter_id) AS ids, COUNT(*) AS n "
        f"FROM {table} WHERE county = '{county}' AND status = 'A' "
        f"GROUP BY UPPER(last_name), UPPER(first_name), dob HAVING n > 1"
    )
    return conn.execute(sql).fetchall()


def find_unknown_precincts(conn, table, county, precincts):
    quoted = ", ".join(f"'{p}'" for p in precincts)
    sql = (f"SELECT voter_id, precinct FROM {table} "
           f"WHERE county = '{county}' AND precinct NOT IN ({quoted})")
    return conn.execute(sql).fetchall()


def status_change_rate(conn, table, prev_table, county):
    try:
        row = conn.execute(
            f"SELECT SUM(CASE WHEN p.status = 'A' AND c.status <> 'A' THEN 1 ELSE 0 END), "
            f"COUNT(*) FROM {table} c JOIN {prev_table} p USING (voter_id) "
            f"WHERE c.county = '{county}'"
        ).fetchone()
    except sqlite3.OperationalError as exc:
        log.warning("no previous extract to compare against (%s)", exc)
        return None
    changed, total = row
    return (changed or 0) / total if total else None


def load_precincts(path):
    with open(path) as fh:
        return [ln.split(",")[0].strip() for ln in fh if ln.strip() and not ln.startswith("#")]


def write_findings(path, dups, unknown, rate, threshold):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["check", "detail", "voter_ids"])
        for last, first, dob, ids, n in dups:
            w.writerow(["duplicate", f"{last}, {first} {dob} x{n}", ids])
        for vid, pct in unknown:
            w.writerow(["unknown_precinct", pct, vid])
        if rate is not None and rate > threshold:
            w.writerow(["status_change_rate", f"{rate:.2%} > {threshold:.2%}", ""])


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("extract", help="pipe-delimited state extract")
    ap.add_argument("--county", required=True, help="county code, e.g. 041")
    ap.add_argument("--precincts", default="precincts.csv")
    ap.add_argument("--db", default="vr_staging.sqlite")
    ap.add_argument("--week", required=True, help="extract week label, e.g. 2024w31")
    ap.add_argument("--prev-week", help="previous week label for status comparison")
    ap.add_argument("--threshold", type=float, default=0.02)
    ap.add_argument("-o", "--output", default="vr_findings.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.extract).exists():
        log.error("extract %s not found", args.extract)
        return 2
    table = f"extract_{args.week}"
    conn = sqlite3.connect(args.db)
    try:
        stage(conn, args.extract, table)
        dups = find_duplicates(conn, table, args.county)
        unknown = find_unknown_precincts(conn, table, args.county, load_precincts(args.precincts))
        rate = None
        if args.prev_week:
            rate = status_change_rate(conn, table, f"extract_{args.prev_week}", args.county)
    finally:
        conn.close()

    write_findings(args.output, dups, unknown, rate, args.threshold)
    log.info("%d duplicates, %d unknown precincts, status change %s",
             len(dups), len(unknown), f"{rate:.2%}" if rate is not None else "n/a")
    return 1 if (dups or unknown) else 0


if __name__ == "__main__":
    sys.exit(main())
