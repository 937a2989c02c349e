#!/usr/bin/env python3
"""Premium ledger report for the statutory filing pack.

Summarises written, earned and unearned premium by line of business and
state from the policy admin extract (SQLite), with optional filters, and
writes an XLSX-friendly CSV plus a short text summary for the actuary.
"""
import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("premium-ledger")

BASE_QUERY = """
SELECT p.line_of_business AS lob,
       p.state             AS state,
       COUNT(*)            AS policies,
       ROUND(SUM(p.written_premium), 2) AS written,
       ROUND(SUM(p.written_premium *
             MIN(1.0, MAX(0.0, (julianday('{as_of}') - julianday(p.effective_date)) /
                               (julianday(p.expiry_date) - julianday(p.effective_date))))), 2)
                            AS earned
FROM policies p
{where}
GROUP BY p.line_of_business, p.state
ORDER BY {order_by}
"""

ORDER_CHOICES = {"lob": "lob, state", "state": "state, lob", "written": "written DESC"}


@dataclass
class Filters:
    as_of: str
    year: int
    states: list = field(default_factory=list)
    lob: str = ""
    producer: str = ""

    def where_clause(self):
        parts = [f"strftime('%Y', p.effective_date) = '{self.year}'",
                 f"p.effective_date <= '{self.as_of}'"]
        if self.states:
            quoted = ", ".join(f"'{s.upper()}'" for s in self.states)
            parts.append(f"p.state IN ({quoted})")
        if self.lob:
            parts.append(f"p.line_of_business = '{self.lob}'")
        if self.producer:
            parts.append(f"p.producer_code LIKE '{self.producer}%'")
        return "WHERE " + " AND ".join(parts)


def build_query(filters, order):
    return BASE_QUERY.format(as_of=filters.as_of, where=filters.where_clause(),
                             order_by=ORDER_CHOICES[order])


def run_report(db_path, filters, order):
    sql = build_query(filters, order)
    LOG.debug("query:\n%s", sql)
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        rows = [dict(r) for r in conn.execute(sql)]
    finally:
        conn.close()
    for r in rows:
        r["unearned"] = round(r["written"] - r["earned"], 2)
    return rows


def write_outputs(rows, out_dir, filters):
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = f"premium_ledger_{filters.year}_{filters.as_of}"
    csv_path = out_dir / f"{stem}.csv"
    with csv_path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["lob", "state", "policies", "written",
                                                "earned", "unearned"])
        writer.writeheader()
        writer.writerows(rows)
    totals = {k: round(sum(r[k] for r in rows), 2) for k in ("written", "earned", "unearned")}
    summary = [f"Premium ledger {filters.year} as of {filters.as_of}",
               f"Rows: {len(rows)}  Policies: {sum(r['policies'] for r in rows)}"]
    summary += [f"{k.title():9} {v:>16,.2f}" for k, v in totals.items()]
    (out_dir / f"{stem}.txt").write_text("\n".join(summary) + "\n")
    LOG.info("wrote %s", csv_path)
    return totals


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("database", type=Path, help="policy admin extract (.sqlite)")
    ap.add_argument("--year", type=int, default=dt.date.today().year)
    ap.add_argument("--as-of", default=dt.date.today().isoformat())
    ap.add_argument("--state", action="append", default=[])
    ap.add_argument("--lob", default="", help="line of business, e.g. COMM_AUTO")
    ap.add_argument("--producer", default="", help="producer code prefix")
    ap.add_argument("--order", choices=sorted(ORDER_CHOICES), default="lob")
    ap.add_argument("--out", type=Path, default=Path("reports"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.database.exists():
        LOG.error("database %s not found", args.database)
        return 2
    filters = Filters(as_of=args.as_of, year=args.year, states=args.state,
                      lob=args.lob, producer=args.producer)
    try:
        rows = run_report(args.database, filters, args.order)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    totals = write_outputs(rows, args.out, filters)
    print(", ".join(f"{k}={v:,.2f}" for k, v in totals.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
