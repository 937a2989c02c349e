#!/usr/bin/env python3
"""Monthly grid export summary for SEG / feed-in tariff claims.

Reads half-hourly meter readings from the local energy database (the one the
logger writes, energy.db by default) and produces per-day and per-month export
totals plus the expected feed-in payment.
"""
import argparse
import calendar
import csv
import datetime as dt
import logging
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("export-summary")


@dataclass
class MonthTotals:
    month: str
    export_kwh: float
    import_kwh: float
    generation_kwh: float
    payment: float

    @property
    def self_consumption(self):
        if not self.generation_kwh:
            return 0.0
        return max(0.0, 1 - self.export_kwh / self.generation_kwh)


class ReadingsStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def daily(self, meter, year, month):
        first = dt.date(year, month, 1)
        last = dt.date(year, month, calendar.monthrange(year, month)[1])
        sql = (
            "SELECT date(ts) AS day, "
            "SUM(export_wh)/1000.0 AS export_kwh, "
            "SUM(import_wh)/1000.0 AS import_kwh, "
            "SUM(pv_wh)/1000.0 AS generation_kwh "
            f"FROM readings WHERE meter = '{meter}' "
            f"AND date(ts) BETWEEN '{first}' AND '{last}' "
            "GROUP BY day ORDER BY day"
        )
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def parse_month(text):
    try:
        d = dt.datetime.strptime(text, "%Y-%m")
    except ValueError:
        raise argparse.ArgumentTypeError("month must look like 2024-06")
    return d.year, d.month


def summarise(rows, month_label, rate):
    exp = sum(r["export_kwh"] or 0 for r in rows)
    imp = sum(r["import_kwh"] or 0 for r in rows)
    gen = sum(r["generation_kwh"] or 0 for r in rows)
    return MonthTotals(month_label, exp, imp, gen, round(exp * rate, 2))


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["day", "export_kwh", "import_kwh", "generation_kwh"])
        for r in rows:
            w.writerow([r["day"], f"{r['export_kwh']:.3f}", f"{r['import_kwh']:.3f}",
                        f"{r['generation_kwh']:.3f}"])


def print_summary(t, rate):
    print(f"Grid export summary {t.month}")
    print(f"  generated     {t.generation_kwh:9.1f} kWh")
    print(f"  exported      {t.export_kwh:9.1f} kWh")
    print(f"  imported      {t.import_kwh:9.1f} kWh")
    print(f"  self-use      {t.self_consumption:9.1%}")
    print(f"  SEG @ {rate:.2f}/kWh {t.payment:9.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("month", type=parse_month, help="YYYY-MM")
    ap.add_argument("--db", default="energy.db")
    ap.add_argument("--meter", default="main")
    ap.add_argument("--rate", type=float, default=0.15, help="export rate per kWh")
    ap.add_argument("--csv", type=Path, help="also write daily rows here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 1
    year, month = args.month
    store = ReadingsStore(args.db)
    try:
        rows = store.daily(args.meter, year, month)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        store.close()
    if not rows:
        log.warning("no readings for %s in %04d-%02d", args.meter, year, month)
        return 0
    totals = summarise(rows, f"{year:04d}-{month:02d}", args.rate)
    print_summary(totals, args.rate)
    if args.csv:
        write_csv(rows, args.csv)
        log.info("daily rows written to %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
