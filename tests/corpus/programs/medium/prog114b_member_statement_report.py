#!/usr/bin/env python3
"""Member flying statements from the club's flying-list database.

Treasurer's helper: prints or exports a statement for one member, a
membership category, or everyone, over a date range.  Charges come from the
tariff table (launch fee by launch type plus per-minute soaring fee by
glider class); payments come from the payments table the bank import fills.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, ROUND_HALF_UP

log = logging.getLogger("statements")


@dataclass
class StatementQuery:
    """Builds the statement SELECT from the filters the treasurer asked for."""

    start: str
    end: str
    member: str = None
    category: str = None
    order: str = "m.member_no, f.day"
    clauses: list = field(default_factory=list)

    def where(self):
        self.clauses = [f"f.day BETWEEN '{self.start}' AND '{self.end}'"]
        if self.member:
            self.clauses.append(f"(m.name LIKE '%{self.member}%' OR m.member_no = '{self.member}')")
        if self.category:
            self.clauses.append(f"m.category = '{self.category}'")
        return " AND ".join(self.clauses)

    def sql(self):
        return (
            "SELECT m.member_no, m.name, m.category, f.day, f.glider, f.launch, f.minutes,"
            "       t.launch_fee, t.per_minute"
            "  FROM flights f"
            "  JOIN members m ON m.name = f.pic"
            "  JOIN gliders g ON g.reg = f.glider"
            "  LEFT JOIN tariff t ON t.launch = f.launch AND t.glider_class = g.class"
            f" WHERE {self.where()}"
            f" ORDER BY {self.order}"
        )


def money(x):
    return Decimal(str(x or 0)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def payments(db, member_no, start, end):
    row = db.execute(
        "SELECT COALESCE(SUM(amount), 0) FROM payments"
        " WHERE member_no = ? AND paid_on BETWEEN ? AND ?",
        (member_no, start, end)).fetchone()
    return money(row[0])


def build_statements(db, q):
    statements = {}
    for r in db.execute(q.sql()):
        st = statements.setdefault(r["member_no"], {
            "name": r["name"], "category": r["category"], "lines": [], "charges": money(0)})
        charge = money(r["launch_fee"]) + money(r["per_minute"]) * (r["minutes"] or 0)
        charge = money(charge)
        st["lines"].append((r["day"], r["glider"], r["launch"], r["minutes"], charge))
        st["charges"] += charge
    for no, st in statements.items():
        st["paid"] = payments(db, no, q.start, q.end)
        st["balance"] = st["charges"] - st["paid"]
    return statements


def print_statements(statements):
    for no, st in statements.items():
        print(f"\n{no}  {st['name']}  ({st['category']})")
        for day, glider, launch, minutes, charge in st["lines"]:
            print(f"  {day}  {glider:<7} {launch:<6} {minutes:>4} min  {charge:>8}")
        print(f"  {'charges':>32} {st['charges']:>8}")
        print(f"  {'paid':>32} {st['paid']:>8}")
        print(f"  {'balance':>32} {st['balance']:>8}")


def export_csv(statements, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["member_no", "name", "category", "charges", "paid", "balance"])
        for no, st in sorted(statements.items()):
            w.writerow([no, st["name"], st["category"], st["charges"], st["paid"], st["balance"]])
    log.info("wrote %d rows to %s", len(statements), path)


def main():
    today = date.today()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="flying_list.sqlite")
    ap.add_argument("--from", dest="start", default=today.replace(day=1).isoformat())
    ap.add_argument("--to", dest="end", default=today.isoformat())
    ap.add_argument("--member", help="name fragment or member number")
    ap.add_argument("--category", help="e.g. full, junior, cadet, temporary")
    ap.add_argument("--csv", help="write a summary CSV instead of printing")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    db = sqlite3.connect(args.db)
    db.row_factory = sqlite3.Row
    q = StatementQuery(args.start, args.end, args.member, args.category)
    log.debug("query: %s", q.sql())
    try:
        statements = build_statements(db, q)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    if not statements:
        log.warning("no flights match")
        return 0
    if args.csv:
        export_csv(statements, args.csv)
    else:
        print_statements(statements)
    return 0


if __name__ == "__main__":
    sys.exit(main())
