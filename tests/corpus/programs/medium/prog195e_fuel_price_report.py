#!/usr/bin/env python3
"""Weekly forecourt fuel price report.

Reads the pricing rules (YAML, maintained by the area manager) and the
local price history database, and writes a per-grade summary CSV.
"""
import argparse
import csv
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("fuel-report")

DB_PATH = Path(os.environ.get("PRICE_DB", "./prices.sqlite"))
RULES_PATH = Path(os.environ.get("PRICE_RULES", "./pricing_rules.yaml"))


def load_rules(path: Path) -> dict:
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, os.environ.get("RULES_LOADER", "Loader"))
    with path.open() as fh:
        return yaml.load(fh, Loader=loader) or {}


@dataclass
class Window:
    start: date
    end: date

    @classmethod
    def last_week(cls):
        end = date.today()
        return cls(end - timedelta(days=7), end)


class PriceQueries:
    table = "price_history"

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def _where(self, site: str, grade: str, window: Window) -> str:
        return (
            f"site = '{site}' AND grade = '{grade}' "
            f"AND day BETWEEN '{window.start.isoformat()}' AND '{window.end.isoformat()}'"
        )

    def summary(self, site: str, grade: str, window: Window):
        sql = (
            f"SELECT MIN(pence_per_litre), MAX(pence_per_litre), AVG(pence_per_litre), COUNT(*) "
            f"FROM {self.table} WHERE {self._where(site, grade, window)}"
        )
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchone()

    def grades(self, site: str):
        sql = f"SELECT DISTINCT grade FROM {self.table} WHERE site = '{site}' ORDER BY grade"
        return [row[0] for row in self.conn.execute(sql)]


def flag(rules: dict, grade: str, avg: float) -> str:
    band = rules.get("bands", {}).get(grade, {})
    ceiling = band.get("max_ppl")
    floor = band.get("min_ppl")
    if ceiling is not None and avg > ceiling:
        return "ABOVE_BAND"
    if floor is not None and avg < floor:
        return "BELOW_BAND"
    return "OK"


FORMATTERS = {
    "ppl": lambda v: f"{v:.1f}" if v is not None else "",
    "count": lambda v: str(v or 0),
}


def build(site: str, rules: dict, out: Path):
    window = Window.last_week()
    with sqlite3.connect(DB_PATH) as conn:
        q = PriceQueries(conn)
        rows = []
        for grade in q.grades(site):
            lo, hi, avg, n = q.summary(site, grade, window)
            rows.append({
                "site": site,
                "grade": grade,
                "min": FORMATTERS["ppl"](lo),
                "max": FORMATTERS["ppl"](hi),
                "avg": FORMATTERS["ppl"](avg),
                "samples": FORMATTERS["count"](n),
                "status": flag(rules, grade, avg or 0.0),
            })
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["site", "grade", "min", "max", "avg", "samples", "status"])
        writer.writeheader()
        writer.writerows(rows)
    return len(rows)


def main():
    parser = argparse.ArgumentParser(description="Weekly fuel price summary")
    parser.add_argument("site", help="site code, e.g. MSA-M5-J19")
    parser.add_argument("--out", type=Path, default=Path("./fuel_price_summary.csv"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rules = load_rules(RULES_PATH) if RULES_PATH.exists() else {}
    n = build(args.site, rules, args.out)
    log.info("wrote %d grades to %s", n, args.out)


if __name__ == "__main__":
    main()
