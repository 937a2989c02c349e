#!/usr/bin/env python3
"""Rental fleet report: which boards and wetsuits are out, overdue or
due for a repair check, straight from the shop's SQLite database."""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Dict, List, Optional

log = logging.getLogger("rental-report")

DB_PATH = Path(os.environ.get("RENTAL_DB", "data/rentals.sqlite3"))


@dataclass
class Filter:
    category: Optional[str] = None
    customer: Optional[str] = None
    since: Optional[str] = None
    status: Optional[str] = None
    extra: List[str] = field(default_factory=list)

    def clauses(self) -> List[str]:
        parts = []
        if self.category:
            parts.append(f"i.category = '{self.category}'")
        if self.customer:
            parts.append(f"c.name LIKE '%{self.customer}%'")
        if self.since:
            parts.append(f"r.out_date >= '{self.since}'")
        if self.status:
            parts.append(f"r.status = '{self.status}'")
        parts.extend(self.extra)
        return parts


class QueryBuilder:
    base = (
        "SELECT i.tag, i.category, i.model, c.name, c.phone, r.out_date, r.due_date, r.status "
        "FROM rentals r JOIN items i ON i.id = r.item_id JOIN customers c ON c.id = r.customer_id"
    )

    def __init__(self, flt: Filter, order: str = "r.due_date"):
        self.flt = flt
        self.order = order

    def sql(self) -> str:
        where = self.flt.clauses()
        text = self.base
        if where:
            text += " WHERE " + " AND ".join(where)
        return text + " ORDER BY {}".format(self.order)


REPORTS: Dict[str, Filter] = {
    "out": Filter(status="out"),
    "overdue": Filter(status="out", extra=["r.due_date < '{}'".format(date.today().isoformat())]),
    "recent": Filter(since=(date.today() - timedelta(days=7)).isoformat()),
    "all": Filter(),
}


def run_query(db: Path, sql: str) -> List[sqlite3.Row]:
    conn = sqlite3.connect(str(db))
    conn.row_factory = sqlite3.Row
    try:
        log.debug("sql: %s", sql)
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def write_csv(rows: List[sqlite3.Row], target) -> None:
    if not rows:
        return
    writer = csv.writer(target)
    writer.writerow(rows[0].keys())
    for row in rows:
        writer.writerow(list(row))


def main() -> int:
    parser = argparse.ArgumentParser(description="Rental fleet report")
    parser.add_argument("report", choices=sorted(REPORTS))
    parser.add_argument("--category", help="board, wetsuit, sup, softtop ...")
    parser.add_argument("--customer", help="part of a customer name")
    parser.add_argument("--order", default="r.due_date")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    base = REPORTS[args.report]
    flt = Filter(category=args.category or base.category,
                 customer=args.customer or base.customer,
                 since=base.since, status=base.status, extra=list(base.extra))
    sql = QueryBuilder(flt, args.order).sql()
    rows = run_query(args.db, sql)
    log.info("%d row(s)", len(rows))

    if args.out:
        with args.out.open("w", newline="", encoding="utf-8") as fh:
            write_csv(rows, fh)
        log.info("written to %s", args.out)
    else:
        write_csv(rows, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
