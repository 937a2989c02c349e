#!/usr/bin/env python3
"""Unit occupancy report for the district manager's weekly call.

Reads the facility management database (sqlite copy pulled nightly) and
prints occupancy by unit size class, with optional filters for facility,
climate control and a minimum vacancy age. Output is a plain table or CSV.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta

log = logging.getLogger("occupancy")


class OccupancyQuery:
    base = """
        SELECT u.size_class,
               COUNT(*)                                        AS units,
               SUM(CASE WHEN r.unit_id IS NOT NULL THEN 1 ELSE 0 END) AS rented,
               SUM(u.width_ft * u.depth_ft)                    AS sqft,
               ROUND(AVG(u.street_rate), 2)                    AS avg_rate
        FROM units u
        LEFT JOIN rentals r ON r.unit_id = u.id AND r.move_out IS NULL
        JOIN facilities f ON f.id = u.facility_id
    """

    def __init__(self):
        self.where = ["u.status != 'retired'"]

    def facility(self, name):
        if name:
            self.where.append(f"f.name = '{name}'")
        return self

    def climate(self, flag):
        if flag is not None:
            self.where.append(f"u.climate_controlled = {int(flag)}")
        return self

    def vacant_since(self, days):
        if days:
            cutoff = (date.today() - timedelta(days=days)).isoformat()
            self.where.append(
                "(r.unit_id IS NOT NULL OR u.id IN (SELECT unit_id FROM rentals "
                f"GROUP BY unit_id HAVING MAX(move_out) <= '{cutoff}'))")
        return self

    def sql(self):
        return (self.base + " WHERE " + " AND ".join(self.where) +
                " GROUP BY u.size_class ORDER BY sqft DESC")


def fetch(db_path, query):
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        sql = query.sql()
        log.debug("SQL: %s", sql)
        return [dict(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def with_pct(rows):
    for r in rows:
        r["occupancy_pct"] = round(100.0 * r["rented"] / r["units"], 1) if r["units"] else 0.0
        yield r


def print_table(rows):
    cols = ["size_class", "units", "rented", "occupancy_pct", "sqft", "avg_rate"]
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in cols} if rows else {}
    print("  ".join(c.ljust(widths.get(c, len(c))) for c in cols))
    for r in rows:
        print("  ".join(str(r[c]).ljust(widths[c]) for c in cols))
    if rows:
        units = sum(r["units"] for r in rows)
        rented = sum(r["rented"] for r in rows)
        print(f"\ntotal {rented}/{units} units rented ({100.0 * rented / units:.1f}%)")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="facility.db")
    ap.add_argument("--facility", help="facility name as in the management system")
    ap.add_argument("--climate", choices=["yes", "no"])
    ap.add_argument("--vacant-days", type=int, default=0)
    ap.add_argument("--csv", metavar="FILE", help="write CSV instead of a table")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    q = (OccupancyQuery()
         .facility(args.facility)
         .climate(None if args.climate is None else args.climate == "yes")
         .vacant_since(args.vacant_days))
    try:
        rows = list(with_pct(fetch(args.db, q)))
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1

    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["size_class"])
            w.writeheader()
            w.writerows(rows)
        print(f"wrote {len(rows)} rows to {args.csv}")
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
