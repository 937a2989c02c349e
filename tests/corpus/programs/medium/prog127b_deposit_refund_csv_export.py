#!/usr/bin/env python3
"""Export beach hut damage-deposit refunds as a BACS bulk payment file.

For every hut let that ended in the chosen window, takes the deposit held,
subtracts any damage or cleaning charges logged by the wardens, and writes
one payment line per guest in the bank's standard 18-column CSV layout.
Optionally limited to one row of huts (e.g. --row "West Beach").
"""
import argparse
import csv
import logging
import sqlite3
from datetime import date, timedelta
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

log = logging.getLogger("refunds")

ORIGINATOR = {"sort_code": "40-11-62", "account": "71234098", "name": "SANDBANKS HUT LETS"}

BASE_QUERY = """
    SELECT l.ref, g.full_name, g.sort_code, g.account_no, l.deposit,
           COALESCE((SELECT SUM(c.amount) FROM charges c WHERE c.let_ref = l.ref), 0) AS charges
    FROM lets l JOIN guests g ON g.id = l.guest_id JOIN huts h ON h.id = l.hut_id
    WHERE l.end_date BETWEEN '{start}' AND '{end}' AND l.deposit_refunded = 0
"""


def pence(value):
    return int((Decimal(str(value)) * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def build_query(start, end, hut_row=None):
    sql = BASE_QUERY.format(start=start.isoformat(), end=end.isoformat())
    if hut_row:
        sql += f" AND h.row_name = '{hut_row}'"
    return sql + " ORDER BY l.end_date"


def fetch_refunds(db, start, end, hut_row=None):
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    rows = con.execute(build_query(start, end, hut_row)).fetchall()
    con.close()
    out = []
    for r in rows:
        due = max(Decimal(str(r["deposit"])) - Decimal(str(r["charges"])), Decimal("0"))
        if due == 0:
            log.info("%s: deposit fully used by charges", r["ref"])
            continue
        out.append({"ref": r["ref"], "name": r["full_name"].upper()[:18],
                    "sort_code": r["sort_code"].replace("-", ""),
                    "account": r["account_no"], "amount": due})
    return out


def write_bacs(records, path, pay_date):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        for rec in records:
            w.writerow([rec["sort_code"], rec["account"], "0", "99",
                        ORIGINATOR["sort_code"].replace("-", ""), ORIGINATOR["account"],
                        "", pence(rec["amount"]), ORIGINATOR["name"],
                        f"DEP {rec['ref']}"[:18], rec["name"], pay_date.strftime("%y%j"),
                        "", "", "", "", "", ""])
    log.info("wrote %d payments to %s", len(records), path)


def mark_refunded(db, records):
    con = sqlite3.connect(db)
    with con:
        con.executemany("UPDATE lets SET deposit_refunded = 1 WHERE ref = ?",
                        [(r["ref"],) for r in records])
    con.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="huts.sqlite")
    ap.add_argument("--days", type=int, default=7, help="lets ended in the last N days")
    ap.add_argument("--row", default=None, help="only huts in this row")
    ap.add_argument("--out", default=None)
    ap.add_argument("--pay-in", type=int, default=3, help="working days until payment")
    ap.add_argument("--commit", action="store_true", help="mark lets as refunded")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    end = date.today()
    start = end - timedelta(days=args.days)
    records = fetch_refunds(args.db, start, end, args.row)
    if not records:
        log.info("no refunds due between %s and %s", start, end)
        return

    out = Path(args.out or f"refunds_{end:%Y%m%d}.csv")
    write_bacs(records, out, end + timedelta(days=args.pay_in))
    total = sum(r["amount"] for r in records)
    log.info("total to refund: £%s across %d guests", total, len(records))
    if args.commit:
        mark_refunded(args.db, records)


if __name__ == "__main__":
    main()
