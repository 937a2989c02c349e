#!/usr/bin/env python3
"""Render the monthly energy usage report for the facilities dashboard.

Reads interval readings from the collector database (energy.sqlite3, table
``readings(meter TEXT, ts INTEGER, kwh REAL)`` plus ``meters(meter, building,
label)``) and renders templates/report.html.j2 into ./reports/.

    energy_usage_report.py --month 2024-05 --building HQ-A --building LAB-2
"""
import argparse
import calendar
import datetime as dt
import logging
import sqlite3
import sys
from pathlib import Path

from jinja2 import Environment, FileSystemLoader

LOG = logging.getLogger("energy-report")


def month_bounds(month):
    year, mon = (int(x) for x in month.split("-"))
    start = dt.datetime(year, mon, 1, tzinfo=dt.timezone.utc)
    days = calendar.monthrange(year, mon)[1]
    end = start + dt.timedelta(days=days)
    return int(start.timestamp()), int(end.timestamp())


class ReportQuery:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def _building_filter(self, buildings):
        if not buildings:
            return "1=1"
        quoted = ", ".join("'%s'" % b for b in buildings)
        return f"m.building IN ({quoted})"

    def totals(self, start, end, buildings):
        sql = (
            "SELECT m.building, m.meter, m.label, ROUND(SUM(r.kwh), 1) AS kwh "
            "FROM readings r JOIN meters m ON m.meter = r.meter "
            f"WHERE r.ts >= {start} AND r.ts < {end} AND {self._building_filter(buildings)} "
            "GROUP BY m.building, m.meter ORDER BY m.building, kwh DESC"
        )
        LOG.debug("totals sql: %s", sql)
        return [dict(r) for r in self.conn.execute(sql)]

    def daily(self, start, end, buildings):
        sql = """
            SELECT m.building, date(r.ts, 'unixepoch') AS day, ROUND(SUM(r.kwh), 1) AS kwh
            FROM readings r JOIN meters m ON m.meter = r.meter
            WHERE r.ts >= {start} AND r.ts < {end} AND {where}
            GROUP BY m.building, day ORDER BY day
        """.format(start=start, end=end, where=self._building_filter(buildings))
        return [dict(r) for r in self.conn.execute(sql)]


def peak_days(daily_rows, top=3):
    by_building = {}
    for row in daily_rows:
        by_building.setdefault(row["building"], []).append(row)
    return {b: sorted(rows, key=lambda r: r["kwh"], reverse=True)[:top]
            for b, rows in by_building.items()}


def render(template_dir, context):
    env = Environment(loader=FileSystemLoader(template_dir), autoescape=False,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["kwh"] = lambda v: f"{v:,.1f} kWh"
    return env.get_template("report.html.j2").render(**context)


def main():
    ap = argparse.ArgumentParser(description="monthly energy usage report")
    ap.add_argument("--db", default="energy.sqlite3")
    ap.add_argument("--month", required=True, help="YYYY-MM")
    ap.add_argument("--building", action="append", default=[])
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--out-dir", default="reports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        start, end = month_bounds(args.month)
    except ValueError:
        LOG.error("bad --month %r, expected YYYY-MM", args.month)
        return 2

    q = ReportQuery(args.db)
    try:
        totals = q.totals(start, end, args.building)
        daily = q.daily(start, end, args.building)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1

    context = {
        "month": args.month,
        "buildings": args.building or sorted({t["building"] for t in totals}),
        "totals": totals,
        "daily": daily,
        "peaks": peak_days(daily),
        "grand_total": round(sum(t["kwh"] or 0 for t in totals), 1),
        "generated": dt.datetime.now().strftime("%Y-%m-%d %H:%M"),
    }
    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"energy_{args.month}.html"
    target.write_text(render(args.templates, context), encoding="utf-8")
    LOG.info("wrote %s (%d meters, %.1f kWh)", target, len(totals), context["grand_total"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
