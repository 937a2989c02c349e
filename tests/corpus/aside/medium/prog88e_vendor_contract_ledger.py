#!/usr/bin/env python3
"""Vendor contract ledger for the planning team.

Each signed contract is summarised in a YAML file under contracts/ (the
studio's intake form exports these):

    vendor: Bloom & Vine Florals
    category: florist
    signed: 2024-02-11
    total: 4800.00
    schedule:
      - {due: 2024-02-11, amount: 1200.00}
      - {due: 2024-05-01, amount: 3600.00}

Subcommands:
    sync              load every contracts/*.yaml into ledger.db
    due [--days N]    list unpaid instalments due within N days
    paid VENDOR DATE  mark an instalment as paid
    vendor NAME       show one vendor's schedule
"""
import argparse
import datetime as dt
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("ledger")

SCHEMA = """
CREATE TABLE IF NOT EXISTS contracts(
    vendor TEXT PRIMARY KEY, category TEXT, signed TEXT, total REAL, source TEXT);
CREATE TABLE IF NOT EXISTS instalments(
    vendor TEXT, due TEXT, amount REAL, paid_on TEXT,
    PRIMARY KEY (vendor, due));
"""


def connect(path):
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    db.executescript(SCHEMA)
    return db


def read_contract(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "vendor" not in doc:
        raise ValueError(f"{path}: not a contract summary")
    doc.setdefault("schedule", [])
    return doc


def sync(db, folder):
    n = 0
    for path in sorted(Path(folder).glob("*.y*ml")):
        try:
            c = read_contract(path)
        except (yaml.YAMLError, ValueError, OSError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        vendor = str(c["vendor"]).replace("'", "''")
        db.execute(
            f"INSERT OR REPLACE INTO contracts VALUES ('{vendor}', '{c.get('category', '')}', "
            f"'{c.get('signed', '')}', {float(c.get('total', 0))}, '{path.name}')")
        for inst in c["schedule"]:
            db.execute(
                f"INSERT OR IGNORE INTO instalments(vendor, due, amount) "
                f"VALUES ('{vendor}', '{inst['due']}', {float(inst['amount'])})")
        n += 1
    db.commit()
    log.info("synced %d contract(s) from %s", n, folder)


def due(db, days):
    horizon = (dt.date.today() + dt.timedelta(days=days)).isoformat()
    rows = db.execute(
        f"SELECT vendor, due, amount FROM instalments "
        f"WHERE paid_on IS NULL AND due <= '{horizon}' ORDER BY due").fetchall()
    total = 0.0
    for r in rows:
        flag = "OVERDUE" if r["due"] < dt.date.today().isoformat() else ""
        print(f"{r['due']}  {r['vendor']:<32} {r['amount']:>10,.2f}  {flag}")
        total += r["amount"]
    print(f"{'':12}{'total':<32} {total:>10,.2f}")


def mark_paid(db, vendor, when):
    cur = db.execute(
        f"UPDATE instalments SET paid_on = '{dt.date.today().isoformat()}' "
        f"WHERE vendor = '{vendor}' AND due = '{when}' AND paid_on IS NULL")
    db.commit()
    if cur.rowcount == 0:
        log.error("no unpaid instalment for %s on %s", vendor, when)
        return 1
    log.info("marked %s %s as paid", vendor, when)
    return 0


def show_vendor(db, name):
    c = db.execute(f"SELECT * FROM contracts WHERE vendor LIKE '%{name}%'").fetchone()
    if not c:
        log.error("no vendor matching %r", name)
        return 1
    print(f"{c['vendor']} ({c['category']}), signed {c['signed']}, total {c['total']:,.2f}")
    for r in db.execute(f"SELECT * FROM instalments WHERE vendor = '{c['vendor']}' ORDER BY due"):
        print(f"  {r['due']}  {r['amount']:>10,.2f}  {'paid ' + r['paid_on'] if r['paid_on'] else 'open'}")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Vendor contract ledger",
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__)
    ap.add_argument("--db", default="ledger.db")
    ap.add_argument("--contracts", default="contracts")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("sync")
    p = sub.add_parser("due")
    p.add_argument("--days", type=int, default=30)
    p = sub.add_parser("paid")
    p.add_argument("vendor")
    p.add_argument("date")
    p = sub.add_parser("vendor")
    p.add_argument("name")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        db = connect(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 2
    with db:
        if args.cmd == "sync":
            sync(db, args.contracts)
        elif args.cmd == "due":
            due(db, args.days)
        elif args.cmd == "paid":
            return mark_paid(db, args.vendor, args.date)
        elif args.cmd == "vendor":
            return show_vendor(db, args.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
