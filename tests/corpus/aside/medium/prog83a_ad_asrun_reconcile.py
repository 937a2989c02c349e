#!/usr/bin/env python3
"""Reconcile the ad as-run log against booked orders.

Traffic books spots into the `orders` table; playout writes what actually
aired into `asrun`. Billing needs, per advertiser and daypart, how many spots
were booked, how many aired and how many were make-goods. Dayparts and the
advertiser groups come from reconcile.yml; output is a CSV per month.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("reconcile")

DEFAULT_YML = """
database: traffic.sqlite
dayparts:
  morning: ["06:00", "10:00"]
  midday:  ["10:00", "15:00"]
  drive:   ["15:00", "19:00"]
  evening: ["19:00", "24:00"]
advertisers: []
"""


class Settings:
    def __init__(self, path):
        p = Path(path)
        text = p.read_text() if p.exists() else DEFAULT_YML
        data = yaml.load(text, Loader=yaml.Loader) or {}
        self.database = data.get("database", "traffic.sqlite")
        self.dayparts = data.get("dayparts", {})
        self.advertisers = data.get("advertisers", [])
        log.debug("settings from %s: %d dayparts", p, len(self.dayparts))


def advertiser_clause(names):
    if not names:
        return ""
    quoted = ", ".join(f"'{n}'" for n in names)
    return f" AND o.advertiser IN ({quoted})"


def daypart_query(month, start, end, names):
    return (
        "SELECT o.advertiser, COUNT(DISTINCT o.id) AS booked, "
        "SUM(CASE WHEN a.order_id IS NOT NULL THEN 1 ELSE 0 END) AS aired, "
        "SUM(CASE WHEN a.makegood = 1 THEN 1 ELSE 0 END) AS makegoods "
        "FROM orders o LEFT JOIN asrun a ON a.order_id = o.id "
        f"WHERE strftime('%Y-%m', o.air_date) = '{month}' "
        f"AND o.air_time >= '{start}' AND o.air_time < '{end}'"
        + advertiser_clause(names)
        + " GROUP BY o.advertiser ORDER BY o.advertiser"
    )


def reconcile(conn, settings, month):
    rows = []
    for part, (start, end) in settings.dayparts.items():
        sql = daypart_query(month, start, end, settings.advertisers)
        for adv, booked, aired, mg in conn.execute(sql):
            rows.append({
                "advertiser": adv, "daypart": part, "booked": booked,
                "aired": aired or 0, "makegoods": mg or 0,
                "shortfall": booked - (aired or 0),
            })
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("-c", "--config", default="reconcile.yml")
    ap.add_argument("-a", "--advertiser", action="append", default=[],
                    help="limit to advertiser (repeatable, overrides config)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    settings = Settings(args.config)
    if args.advertiser:
        settings.advertisers = args.advertiser
    try:
        conn = sqlite3.connect(settings.database)
        rows = reconcile(conn, settings, args.month)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1

    out = Path(f"reconcile_{args.month}.csv")
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["advertiser", "daypart", "booked",
                                           "aired", "makegoods", "shortfall"])
        w.writeheader()
        w.writerows(rows)
    short = sum(r["shortfall"] for r in rows if r["shortfall"] > 0)
    log.info("%d rows -> %s (%d spots short)", len(rows), out, short)
    return 0


if __name__ == "__main__":
    sys.exit(main())
