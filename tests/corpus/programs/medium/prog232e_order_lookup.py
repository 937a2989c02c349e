#!/usr/bin/env python3
"""Look up furniture orders in the workshop's SQLite order book.

Used at the front desk: search by customer name, order number or status and
print what stage each piece is at (nesting, cutting, edging, assembly,
finishing, ready). Queries are run through the sqlite3 command-line tool.
"""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("order-lookup")

QUERY_FILE = Path("/tmp/order_lookup.sql")
STAGES = ["nesting", "cutting", "edging", "assembly", "finishing", "ready"]


class OrderBook:
    def __init__(self, db: Path):
        self.db = db

    def build_query(self, customer: str, order_no: str, status: str, limit: int) -> str:
        clauses = []
        if customer:
            clauses.append(f"c.name LIKE '%{customer}%'")
        if order_no:
            clauses.append(f"o.order_no = '{order_no}'")
        if status:
            clauses.append(f"o.stage = '{status}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        return (
            ".headers on\n.mode column\n"
            "SELECT o.order_no, c.name AS customer, o.item, o.stage, o.due_date\n"
            "FROM orders o JOIN customers c ON c.id = o.customer_id\n"
            f"WHERE {where}\n"
            f"ORDER BY o.due_date LIMIT {limit};\n"
        )

    def run(self, sql: str) -> str:
        QUERY_FILE.write_text(sql)
        LOG.debug("query written to %s:\n%s", QUERY_FILE, sql)
        proc = subprocess.run(
            ["bash", "-c", f'sqlite3 -batch "{self.db}" < "{QUERY_FILE}"'],
            capture_output=True, text=True, timeout=30)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "sqlite3 failed")
        return proc.stdout

    def stage_counts(self) -> dict:
        out = self.run(".mode list\nSELECT stage, count(*) FROM orders GROUP BY stage;\n")
        counts = {}
        for line in out.splitlines():
            if "|" in line:
                stage, n = line.split("|", 1)
                counts[stage] = int(n)
        return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=Path("./orders.db"))
    ap.add_argument("-c", "--customer", default="")
    ap.add_argument("-o", "--order", default="")
    ap.add_argument("-s", "--status", default="", choices=[""] + STAGES)
    ap.add_argument("-n", "--limit", type=int, default=25)
    ap.add_argument("--summary", action="store_true", help="count orders per stage")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.db.is_file():
        LOG.error("order database %s not found", args.db)
        return 1
    book = OrderBook(args.db)
    try:
        if args.summary:
            counts = book.stage_counts()
            for stage in STAGES:
                print(f"{stage:<10} {counts.get(stage, 0):>4}")
            return 0
        sql = book.build_query(args.customer, args.order, args.status, args.limit)
        result = book.run(sql)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("lookup failed: %s", exc)
        return 1
    finally:
        QUERY_FILE.unlink(missing_ok=True)
    print(result.rstrip() or "no matching orders")
    return 0


if __name__ == "__main__":
    sys.exit(main())
