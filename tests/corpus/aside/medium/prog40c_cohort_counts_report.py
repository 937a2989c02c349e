#!/usr/bin/env python3
"""Feasibility counts for a proposed study cohort from the research data mart.

The data mart is a SQLite extract (research_mart.db) refreshed nightly. The
study team supplies inclusion criteria on the command line; we return counts
per site with small-cell suppression (< 11) before anything leaves the team.
"""
import argparse
import csv
import logging
import sqlite3
import sys

log = logging.getLogger("cohort")
SMALL_CELL = 11

DIAG_TABLE = "dx_events"
LAB_TABLE = "lab_results"


def build_where(args):
    clauses = ["p.deceased = 0"]
    if args.icd_prefix:
        prefixes = " OR ".join(f"d.icd10 LIKE '{p}%'" for p in args.icd_prefix)
        clauses.append(f"({prefixes})")
    if args.min_age is not None:
        clauses.append(f"p.age_years >= {args.min_age}")
    if args.max_age is not None:
        clauses.append(f"p.age_years <= {args.max_age}")
    if args.loinc:
        clauses.append(
            f"EXISTS (SELECT 1 FROM {LAB_TABLE} l WHERE l.patient_key = p.patient_key "
            f"AND l.loinc = '{args.loinc}' AND l.value_num > {args.lab_threshold})"
        )
    if args.site:
        clauses.append("p.site_code IN ({})".format(",".join(f"'{s}'" for s in args.site)))
    return " AND ".join(clauses)


def cohort_counts(conn, where):
    sql = (
        "SELECT p.site_code, COUNT(DISTINCT p.patient_key) AS n "
        f"FROM patients p JOIN {DIAG_TABLE} d ON d.patient_key = p.patient_key "
        f"WHERE {where} GROUP BY p.site_code ORDER BY p.site_code"
    )
    log.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def suppress(rows):
    for site, n in rows:
        yield site, (n if n >= SMALL_CELL else f"<{SMALL_CELL}")


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="research_mart.db")
    ap.add_argument("--icd-prefix", action="append", default=[])
    ap.add_argument("--min-age", type=int)
    ap.add_argument("--max-age", type=int)
    ap.add_argument("--loinc")
    ap.add_argument("--lab-threshold", default="0")
    ap.add_argument("--site", action="append", default=[])
    ap.add_argument("--out", default="feasibility_counts.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if not args.icd_prefix and not args.loinc:
        log.error("give at least one --icd-prefix or --loinc criterion")
        return 2
    try:
        conn = sqlite3.connect(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 1
    with conn:
        rows = cohort_counts(conn, build_where(args))
    with open(args.out, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["site_code", "patients"])
        writer.writerows(suppress(rows))
    log.info("wrote %d site rows to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
