#!/usr/bin/env python3
"""Pull per-variant conversion counts for an experiment from the events warehouse.

    ./ab_test_conversions_query.py checkout_button_v3 --goal purchase
    ./ab_test_conversions_query.py pricing_page_q2 --goal signup --segment "country = 'DE'"

Works against the nightly SQLite extract of the events warehouse
(events.db, tables ``assignments`` and ``events``). Prints a table and can
write CSV for the A/B dashboard.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("ab_query")

BASE_SQL = """
SELECT a.variant,
       COUNT(DISTINCT a.user_id)                              AS users,
       COUNT(DISTINCT CASE WHEN e.user_id IS NOT NULL THEN a.user_id END) AS converters,
       COALESCE(SUM(e.revenue), 0)                            AS revenue
FROM assignments a
LEFT JOIN events e
       ON e.user_id = a.user_id
      AND e.event_name = '{goal}'
      AND e.ts >= a.assigned_at
      {window}
WHERE a.experiment = '{experiment}'
  {segment}
GROUP BY a.variant
ORDER BY a.variant
"""


class QueryBuilder:
    def __init__(self, experiment, goal):
        self.experiment = experiment
        self.goal = goal
        self.window_days = None
        self.segment = None

    def within_days(self, days):
        self.window_days = days
        return self

    def where(self, clause):
        self.segment = clause
        return self

    def sql(self):
        window = ""
        if self.window_days:
            window = f"AND e.ts < datetime(a.assigned_at, '+{self.window_days} days')"
        segment = f"AND ({self.segment})" if self.segment else ""
        return BASE_SQL.format(goal=self.goal, experiment=self.experiment,
                               window=window, segment=segment)


def run_query(db_path, sql):
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        log.debug(sql)
        return [dict(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def add_rates(rows):
    control = rows[0] if rows else None
    for r in rows:
        r["cr"] = r["converters"] / r["users"] if r["users"] else 0.0
        r["lift"] = (r["cr"] / control["cr"] - 1) if control and control["cr"] else None
    return rows


def print_table(rows):
    print(f"{'variant':<14}{'users':>9}{'conv':>8}{'cr':>9}{'lift':>9}{'revenue':>12}")
    for r in rows:
        lift = f"{r['lift']:+.1%}" if r["lift"] is not None else "-"
        print(f"{r['variant']:<14}{r['users']:>9}{r['converters']:>8}{r['cr']:>9.2%}{lift:>9}{r['revenue']:>12.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("experiment")
    ap.add_argument("--goal", default="purchase")
    ap.add_argument("--db", type=Path, default=Path("events.db"))
    ap.add_argument("--window-days", type=int, default=14)
    ap.add_argument("--segment", help="extra SQL condition on assignments, e.g. \"platform = 'ios'\"")
    ap.add_argument("--csv", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.db.exists():
        log.error("no warehouse extract at %s", args.db)
        return 2
    qb = QueryBuilder(args.experiment, args.goal).within_days(args.window_days)
    if args.segment:
        qb.where(args.segment.replace("country", "a.country").replace("platform", "a.platform"))
    try:
        rows = add_rates(run_query(args.db, qb.sql()))
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    if not rows:
        log.warning("no assignments for %s", args.experiment)
        return 1
    print_table(rows)
    if args.csv:
        with args.csv.open("w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
        log.info("wrote %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
