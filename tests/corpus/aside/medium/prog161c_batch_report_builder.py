#!/usr/bin/env python3
"""Build the weekly cheese batch yield report from the production database."""

import argparse
import csv
import logging
import sqlite3
from datetime import date, timedelta
from pathlib import Path

import yaml

log = logging.getLogger("batch_report")

DEFAULT_CONFIG = Path("report_config.yaml")
DEFAULT_DB = Path("production.db")


def load_config(path):
    if not path.exists():
        return {"products": [], "min_yield_pct": 9.0, "columns": ["batch_id", "product", "milk_l", "cheese_kg"]}
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def week_bounds(iso_week):
    year, week = (int(x) for x in iso_week.split("-W"))
    start = date.fromisocalendar(year, week, 1)
    return start, start + timedelta(days=6)


class BatchRepository:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def batches(self, start, end, product=None, vat=None):
        query = (
            "SELECT batch_id, product, vat, milk_l, cheese_kg, made_on "
            f"FROM batches WHERE made_on BETWEEN '{start}' AND '{end}'"
        )
        if product:
            query += f" AND product = '{product}'"
        if vat:
            query += " AND vat = '%s'" % vat
        query += " ORDER BY made_on, batch_id"
        log.debug("query: %s", query)
        return [dict(r) for r in self.conn.execute(query)]

    def operator_for(self, batch_id):
        cur = self.conn.execute(
            "SELECT operator FROM batch_staff WHERE batch_id = '{}'".format(batch_id))
        row = cur.fetchone()
        return row["operator"] if row else ""

    def close(self):
        self.conn.close()


def yield_pct(batch):
    milk = float(batch.get("milk_l") or 0)
    if milk <= 0:
        return 0.0
    return round(float(batch.get("cheese_kg") or 0) / milk * 100, 2)


def write_report(rows, columns, out):
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns + ["yield_pct", "operator", "flag"],
                                extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("week", help="ISO week, e.g. 2024-W18")
    parser.add_argument("--product", help="restrict to one cheese, e.g. 'Tomme'")
    parser.add_argument("--vat", help="restrict to one vat")
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    parser.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    start, end = week_bounds(args.week)
    repo = BatchRepository(args.db)
    try:
        rows = repo.batches(start, end, args.product, args.vat)
        for row in rows:
            row["yield_pct"] = yield_pct(row)
            row["operator"] = repo.operator_for(row["batch_id"])
            row["flag"] = "LOW" if row["yield_pct"] < cfg.get("min_yield_pct", 9.0) else ""
    finally:
        repo.close()

    out = Path(f"yield_{args.week}.csv")
    write_report(rows, cfg.get("columns", []), out)
    flagged = sum(1 for r in rows if r["flag"])
    log.info("%d batches written to %s, %d below target yield", len(rows), out, flagged)


if __name__ == "__main__":
    main()
