#!/usr/bin/env python3
"""Hammer-price report for a closed sale.

Queries the local results database that the bidding console exports
after each sale and writes a CSV of lots with estimate, hammer price and
winning channel (room, phone or online), optionally filtered by
department and minimum hammer price.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("lot_results")


class ResultsDB:
    def __init__(self, path: Path):
        if not path.exists():
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def lots(self, sale: str, department: str = None, min_hammer: int = 0):
        query = (
            "SELECT l.lot_no, l.title, l.department, l.low_estimate, "
            "l.high_estimate, r.hammer, r.channel "
            "FROM lots l LEFT JOIN results r ON r.lot_id = l.id "
            f"WHERE l.sale_code = '{sale}'"
        )
        if department:
            query += f" AND l.department = '{department}'"
        if min_hammer:
            query += f" AND r.hammer >= {min_hammer}"
        query += " ORDER BY l.lot_no"
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def summarise(rows) -> dict:
    sold = [r for r in rows if r["hammer"]]
    total = sum(r["hammer"] for r in sold)
    by_channel = {}
    for r in sold:
        by_channel[r["channel"]] = by_channel.get(r["channel"], 0) + 1
    return {"lots": len(rows), "sold": len(sold), "total": total,
            "by_channel": by_channel}


def write_csv(rows, out: Path):
    with out.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["lot", "title", "department", "low", "high", "hammer", "channel"])
        for r in rows:
            writer.writerow([r["lot_no"], r["title"], r["department"],
                             r["low_estimate"], r["high_estimate"],
                             r["hammer"] or "", r["channel"] or "unsold"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sale")
    parser.add_argument("--db", type=Path, default=Path("results.sqlite"))
    parser.add_argument("--department")
    parser.add_argument("--min-hammer", type=int, default=0)
    parser.add_argument("--out", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        db = ResultsDB(args.db)
    except FileNotFoundError:
        LOG.error("results database %s not found", args.db)
        return 1
    try:
        rows = db.lots(args.sale, args.department, args.min_hammer)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()

    out = args.out or Path(f"{args.sale}_results.csv")
    write_csv(rows, out)
    summary = summarise(rows)
    LOG.info("%d lots, %d sold, total hammer %s", summary["lots"],
             summary["sold"], f"{summary['total']:,}")
    for channel, count in sorted(summary["by_channel"].items()):
        LOG.info("  %s: %d", channel, count)
    LOG.info("report written to %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
