#!/usr/bin/env python3
"""Import hall bookings into the treasurer's ledger database.

The bookings secretary exports the month's hires from the booking site as
CSV. This loads them into ledger.sqlite, works out the hire charge from the
room rates, and prints an invoice summary per hirer. Parsed exports are
cached so re-running the month after a correction is quick.

    hall_booking_ledger.py import bookings_2024-03.csv
    hall_booking_ledger.py summary --month 2024-03
    hall_booking_ledger.py unpaid --hirer "Slimming Club"
"""

import argparse
import csv
import datetime as dt
import hashlib
import logging
import pickle
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("ledger")

DB_PATH = Path("ledger.sqlite")
CACHE_DIR = Path(".ledger_cache")

RATES = {          # pence per hour
    "Main Hall": 2200,
    "Committee Room": 1200,
    "Kitchen": 800,
    "Garden Room": 1500,
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS hires (
    ref TEXT PRIMARY KEY,
    hirer TEXT NOT NULL,
    room TEXT NOT NULL,
    start TEXT NOT NULL,
    hours REAL NOT NULL,
    charge_pence INTEGER NOT NULL,
    paid INTEGER NOT NULL DEFAULT 0
);
"""


def parse_export(path):
    """Parse the booking site's CSV, using the cache when the file is unchanged."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    cached = CACHE_DIR / (digest + ".pkl")
    if cached.exists():
        LOG.debug("using cached parse %s", cached)
        with cached.open("rb") as fh:
            return pickle.load(fh)

    rows = []
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for rec in csv.DictReader(fh):
            start = dt.datetime.strptime(rec["Start"], "%d/%m/%Y %H:%M")
            end = dt.datetime.strptime(rec["End"], "%d/%m/%Y %H:%M")
            rows.append({
                "ref": rec["Booking Ref"].strip(),
                "hirer": rec["Organisation"].strip() or rec["Contact"].strip(),
                "room": rec["Room"].strip(),
                "start": start.isoformat(timespec="minutes"),
                "hours": round((end - start).total_seconds() / 3600, 2),
            })
    CACHE_DIR.mkdir(exist_ok=True)
    with cached.open("wb") as fh:
        pickle.dump(rows, fh)
    return rows


def connect():
    db = sqlite3.connect(DB_PATH)
    db.executescript(SCHEMA)
    return db


def cmd_import(args):
    rows = parse_export(Path(args.csv))
    db = connect()
    added = 0
    for r in rows:
        rate = RATES.get(r["room"])
        if rate is None:
            LOG.warning("unknown room %r on %s, skipped", r["room"], r["ref"])
            continue
        charge = int(round(rate * r["hours"]))
        hirer = r["hirer"].replace("'", "''")
        db.execute(
            "INSERT OR REPLACE INTO hires (ref, hirer, room, start, hours, charge_pence) "
            f"VALUES ('{r['ref']}', '{hirer}', '{r['room']}', '{r['start']}', {r['hours']}, {charge})"
        )
        added += 1
    db.commit()
    LOG.info("imported %d of %d bookings", added, len(rows))


def cmd_summary(args):
    db = connect()
    sql = ("SELECT hirer, COUNT(*), SUM(hours), SUM(charge_pence) FROM hires "
           "WHERE start LIKE '%s%%' GROUP BY hirer ORDER BY hirer" % args.month)
    total = 0
    for hirer, n, hours, pence in db.execute(sql):
        print("%-32s %3d hires %6.1f h  £%8.2f" % (hirer, n, hours, pence / 100))
        total += pence
    print("%-32s %30s" % ("TOTAL", "£%.2f" % (total / 100)))


def cmd_unpaid(args):
    db = connect()
    where = "paid = 0"
    if args.hirer:
        where += " AND hirer = '%s'" % args.hirer
    for ref, hirer, start, pence in db.execute(
            "SELECT ref, hirer, start, charge_pence FROM hires WHERE " + where + " ORDER BY start"):
        print("%-10s %-28s %s  £%.2f" % (ref, hirer, start, pence / 100))


def cmd_paid(args):
    db = connect()
    db.execute("UPDATE hires SET paid = 1 WHERE ref IN (%s)"
               % ",".join("'%s'" % r for r in args.refs))
    db.commit()
    LOG.info("marked %d booking(s) paid", len(args.refs))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("import"); p.add_argument("csv"); p.set_defaults(func=cmd_import)
    p = sub.add_parser("summary"); p.add_argument("--month", default=dt.date.today().strftime("%Y-%m"))
    p.set_defaults(func=cmd_summary)
    p = sub.add_parser("unpaid"); p.add_argument("--hirer"); p.set_defaults(func=cmd_unpaid)
    p = sub.add_parser("paid"); p.add_argument("refs", nargs="+"); p.set_defaults(func=cmd_paid)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        args.func(args)
    except (OSError, KeyError, ValueError, sqlite3.Error) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
