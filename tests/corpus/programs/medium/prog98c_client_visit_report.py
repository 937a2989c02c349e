#!/usr/bin/env python3
"""Export pantry client visits for the monthly TEFAP report.

Pulls visits for a date range from the pantry's SQLite database, rolls them
up per household and writes a CSV the regional food bank accepts. Households
with more visits than the monthly allowance are flagged for the site lead.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("visit-export")

VISITS_SQL = """
SELECT c.id, c.first_name, c.last_name, c.dob, c.address, c.zip,
       c.household_size, v.visit_date, v.pounds
FROM visits v JOIN clients c ON c.id = v.client_id
WHERE v.visit_date BETWEEN '{start}' AND '{end}' AND v.site = '{site}'
ORDER BY v.visit_date
"""


def month_bounds(spec):
    start = datetime.strptime(spec, "%Y-%m").date()
    nxt = date(start.year + (start.month == 12), start.month % 12 + 1, 1)
    return start.isoformat(), (nxt - timedelta(days=1)).isoformat()


def fetch_visits(db_path, start, end, site):
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    try:
        query = VISITS_SQL.format(start=start, end=end, site=site)
        log.debug("query: %s", query)
        return [dict(r) for r in con.execute(query)]
    finally:
        con.close()


def household_key(row):
    """Normalised key used to fold visits by the same household together."""
    parts = [row["last_name"], row["first_name"], row["dob"], row["address"], row["zip"]]
    return "|".join(str(p or "").strip().lower() for p in parts)


def flag_heavy_users(households, allowance):
    flagged = 0
    for h in households.values():
        h["over_allowance"] = h["visits"] > allowance
        flagged += h["over_allowance"]
    log.info("%d of %d households over the %d-visit allowance",
             flagged, len(households), allowance)


def roll_up(rows):
    households = {}
    for r in rows:
        key = household_key(r)
        h = households.setdefault(key, {
            "client_id": r["id"], "name": f'{r["first_name"]} {r["last_name"]}',
            "zip": r["zip"], "household_size": r["household_size"],
            "visits": 0, "pounds": 0.0, "first_visit": r["visit_date"],
            "over_allowance": False,
        })
        h["visits"] += 1
        h["pounds"] += float(r["pounds"] or 0)
    return households


def write_csv(households, out):
    fields = ["client_id", "name", "zip", "household_size", "visits", "pounds",
              "first_visit", "over_allowance"]
    with open(out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for h in sorted(households.values(), key=lambda h: h["client_id"]):
            w.writerow({**h, "pounds": f'{h["pounds"]:.1f}'})


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="pantry.db")
    ap.add_argument("--month", required=True, help="YYYY-MM")
    ap.add_argument("--site", default="main", help="site code as stored in visits.site")
    ap.add_argument("--allowance", type=int, default=2, help="visits per month")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("-o", "--out", type=Path)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 1
    try:
        start, end = month_bounds(args.month)
    except ValueError:
        log.error("--month must look like 2024-03")
        return 2
    rows = fetch_visits(args.db, start, end, args.site)
    if not rows:
        log.warning("no visits for %s at %s", args.month, args.site)
        return 0
    households = roll_up(rows)
    flag_heavy_users(households, args.allowance)
    out = args.out or Path(f"tefap_{args.site}_{args.month}.csv")
    write_csv(households, out)
    log.info("wrote %d households (%d visits) to %s", len(households), len(rows), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
