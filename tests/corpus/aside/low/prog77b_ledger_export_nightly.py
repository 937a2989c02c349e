#!/usr/bin/env python3
"""Export the general ledger for the external accountants.

Reads posted journal lines for a period from the ledger SQLite database and
writes a DATEV-style CSV plus a trial balance into ./exports/<period>/.
The ops scheduler calls this every night with --period auto.
"""

import argparse
import csv
import datetime as dt
import logging
import os
import sqlite3
import sys
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("ledger-export")

JOURNAL_SQL = """
SELECT j.posted_on, j.entry_no, a.number, a.name, j.debit, j.credit,
       j.currency, j.memo, j.document_ref
FROM journal_lines j JOIN accounts a ON a.id = j.account_id
WHERE j.posted_on >= ? AND j.posted_on < ? AND j.status = 'posted'
ORDER BY j.posted_on, j.entry_no
"""

BALANCE_SQL = """
SELECT a.number, a.name, SUM(j.debit), SUM(j.credit)
FROM journal_lines j JOIN accounts a ON a.id = j.account_id
WHERE j.posted_on < ? AND j.status = 'posted'
GROUP BY a.number, a.name ORDER BY a.number
"""


def period_bounds(period):
    if period == "auto":
        today = dt.date.today()
        period = f"{today:%Y-%m}"
    year, month = (int(x) for x in period.split("-"))
    start = dt.date(year, month, 1)
    end = dt.date(year + (month == 12), month % 12 + 1, 1)
    return period, start.isoformat(), end.isoformat()


def export_journal(conn, start, end, out_path):
    rows = conn.execute(JOURNAL_SQL, (start, end)).fetchall()
    with out_path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, delimiter=";")
        w.writerow(["Belegdatum", "Buchungsnr", "Konto", "Kontobezeichnung",
                    "Soll", "Haben", "Waehrung", "Buchungstext", "Belegfeld1"])
        for r in rows:
            w.writerow([r[0], r[1], r[2], r[3],
                        f"{Decimal(r[4] or 0):.2f}", f"{Decimal(r[5] or 0):.2f}",
                        r[6], (r[7] or "")[:60], r[8] or ""])
    return len(rows)


def export_trial_balance(conn, end, out_path):
    rows = conn.execute(BALANCE_SQL, (end,)).fetchall()
    total_dr = total_cr = Decimal(0)
    with out_path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["account", "name", "debit", "credit", "balance"])
        for number, name, dr, cr in rows:
            dr, cr = Decimal(dr or 0), Decimal(cr or 0)
            total_dr += dr
            total_cr += cr
            w.writerow([number, name, f"{dr:.2f}", f"{cr:.2f}", f"{dr - cr:.2f}"])
    if total_dr != total_cr:
        log.warning("trial balance out by %s", total_dr - total_cr)
    return len(rows)


def write_readme(out_dir, period, n, m):
    text = (f"Ledger export for {period}\n"
            f"generated {dt.datetime.now():%Y-%m-%d %H:%M}\n"
            f"journal lines: {n}\naccounts in trial balance: {m}\n"
            "journal file is semicolon separated, UTF-8, amounts with dot decimals\n")
    (out_dir / "README.txt").write_text(text, encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--period", default="auto", help="YYYY-MM or 'auto' for current month")
    ap.add_argument("--db", default="ledger.db")
    ap.add_argument("--out", default="exports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.db):
        log.error("ledger database %s not found", args.db)
        return 1
    period, start, end = period_bounds(args.period)
    out_dir = Path(args.out) / period
    out_dir.mkdir(parents=True, exist_ok=True)

    conn = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    try:
        n = export_journal(conn, start, end, out_dir / f"journal_{period}.csv")
        m = export_trial_balance(conn, end, out_dir / f"trial_balance_{period}.csv")
    finally:
        conn.close()
    write_readme(out_dir, period, n, m)
    for f in out_dir.glob("*.csv"):
        os.chmod(f, 0o600)
    log.info("period %s: %d journal lines, %d accounts -> %s", period, n, m, out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
