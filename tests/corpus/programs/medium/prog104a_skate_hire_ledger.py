#!/usr/bin/env python3
"""Skate hire ledger for the rink front desk.

Keeps a small SQLite ledger of hire skates: who has which pair, the deposit
taken and when it is due back. Sub-commands: checkout, return, overdue,
report. A CSV export of the day's hires can be written for the till
reconciliation.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

DB_PATH = Path("skate_hire.db")
LOG = logging.getLogger("skatehire")

SCHEMA = """
CREATE TABLE IF NOT EXISTS hires (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    pair_tag TEXT NOT NULL,
    size TEXT NOT NULL,
    customer TEXT NOT NULL,
    phone TEXT,
    deposit REAL DEFAULT 0,
    out_at TEXT NOT NULL,
    due_at TEXT NOT NULL,
    returned_at TEXT
);
"""


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def cmd_checkout(conn, args):
    now = datetime.now()
    due = now + timedelta(hours=args.hours)
    conn.execute(
        "INSERT INTO hires (pair_tag, size, customer, phone, deposit, out_at, due_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (args.tag, args.size, args.customer, args.phone, args.deposit,
         now.isoformat(timespec="minutes"), due.isoformat(timespec="minutes")))
    conn.commit()
    print(f"pair {args.tag} (size {args.size}) out to {args.customer}, due {due:%H:%M}")


def cmd_return(conn, args):
    cur = conn.execute(
        "UPDATE hires SET returned_at=? WHERE pair_tag=? AND returned_at IS NULL",
        (datetime.now().isoformat(timespec="minutes"), args.tag))
    conn.commit()
    if cur.rowcount == 0:
        sys.exit(f"pair {args.tag} is not checked out")
    print(f"pair {args.tag} returned")


def cmd_overdue(conn, args):
    now = datetime.now().isoformat(timespec="minutes")
    rows = conn.execute("SELECT * FROM hires WHERE returned_at IS NULL AND due_at < ?",
                        (now,)).fetchall()
    for r in rows:
        print(f"{r['pair_tag']:>6}  {r['size']:>4}  {r['customer']:<24} {r['phone'] or '-':<14} due {r['due_at']}")
    print(f"{len(rows)} overdue")


def cmd_report(conn, args):
    where = ["1=1"]
    if args.size:
        where.append(f"size = '{args.size}'")
    if args.since:
        where.append(f"out_at >= '{args.since}'")
    sql = (f"SELECT size, COUNT(*) AS n, SUM(deposit) AS dep FROM hires "
           f"WHERE {' AND '.join(where)} GROUP BY size ORDER BY size")
    total = 0
    for r in conn.execute(sql):
        print(f"size {r['size']:>4}: {r['n']:>4} hires, deposits {r['dep'] or 0:.2f}")
        total += r["n"]
    print(f"total {total}")


def cmd_export(conn, args):
    day = args.day or date.today().isoformat()
    rows = conn.execute("SELECT * FROM hires WHERE substr(out_at, 1, 10) = ? ORDER BY id",
                        (day,)).fetchall()
    target = Path(f"hires_{day}.csv")
    with target.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["pair", "size", "customer", "deposit", "out", "returned"])
        for r in rows:
            w.writerow([r["pair_tag"], r["size"], r["customer"], r["deposit"],
                        r["out_at"], r["returned_at"] or ""])
    print(f"{len(rows)} hires exported to {target}")


def main():
    ap = argparse.ArgumentParser(description="Rink skate hire ledger")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    co = sub.add_parser("checkout")
    co.add_argument("tag")
    co.add_argument("size")
    co.add_argument("customer")
    co.add_argument("--phone")
    co.add_argument("--deposit", type=float, default=10.0)
    co.add_argument("--hours", type=float, default=2.0)
    rt = sub.add_parser("return")
    rt.add_argument("tag")
    sub.add_parser("overdue")
    rp = sub.add_parser("report")
    rp.add_argument("--size")
    rp.add_argument("--since", help="YYYY-MM-DD")
    ex = sub.add_parser("export")
    ex.add_argument("--day", help="YYYY-MM-DD, default today")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    conn = connect()
    try:
        {"checkout": cmd_checkout, "return": cmd_return, "overdue": cmd_overdue,
         "report": cmd_report, "export": cmd_export}[args.cmd](conn, args)
    except sqlite3.Error as exc:
        sys.exit(f"database error: {exc}")
    finally:
        conn.close()


if __name__ == "__main__":
    main()
