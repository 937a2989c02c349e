#!/usr/bin/env python3
"""billing_dispute_report - pull trips and charges for a disputed toll account.

Customer services paste the plate number and date range from the dispute
ticket; the report lists every gantry read, the trip it was matched into and
the amount charged, from the local billing replica.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, datetime

LOG = logging.getLogger("dispute")

QUERIES = {
    "reads": (
        "SELECT r.read_id, r.gantry_id, r.lane, r.read_ts, r.plate, r.confidence "
        "FROM plate_reads r WHERE r.plate = '{plate}' "
        "AND r.read_ts BETWEEN '{start}' AND '{end}' ORDER BY r.read_ts"
    ),
    "charges": (
        "SELECT t.trip_id, t.entry_gantry, t.exit_gantry, t.entry_ts, t.exit_ts, "
        "c.amount_cents, c.tariff_class, c.status "
        "FROM trips t JOIN charges c ON c.trip_id = t.trip_id "
        "WHERE t.plate = '{plate}' AND t.entry_ts >= '{start}' AND t.exit_ts <= '{end}' "
        "{status_clause} ORDER BY t.entry_ts"
    ),
}


def normalise_plate(raw):
    return raw.strip().upper().replace(" ", "").replace("-", "")


def parse_day(text):
    return datetime.strptime(text, "%Y-%m-%d").date()


class BillingReplica:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def _run(self, name, **params):
        sql = QUERIES[name].format(**params)
        LOG.debug("SQL %s: %s", name, sql)
        return self.conn.execute(sql).fetchall()

    def reads(self, plate, start, end):
        return self._run("reads", plate=plate, start=start, end=end)

    def charges(self, plate, start, end, status=None):
        clause = f"AND c.status = '{status}'" if status else ""
        return self._run("charges", plate=plate, start=start, end=end, status_clause=clause)


def write_csv(path, rows):
    if not rows:
        return 0
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(rows[0].keys())
        for r in rows:
            w.writerow(tuple(r))
    return len(rows)


def summarise(charges):
    total = sum(r["amount_cents"] for r in charges)
    disputed = sum(r["amount_cents"] for r in charges if r["status"] == "disputed")
    return total, disputed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Dispute report for a plate")
    ap.add_argument("plate")
    ap.add_argument("--from", dest="start", required=True, help="YYYY-MM-DD")
    ap.add_argument("--to", dest="end", default=date.today().isoformat(), help="YYYY-MM-DD")
    ap.add_argument("--status", help="only charges with this status")
    ap.add_argument("--db", default="billing_replica.db")
    ap.add_argument("--prefix", default="dispute")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        start, end = parse_day(args.start), parse_day(args.end)
    except ValueError as exc:
        LOG.error("bad date: %s", exc)
        return 64
    plate = normalise_plate(args.plate)
    s, e = f"{start} 00:00:00", f"{end} 23:59:59"

    db = BillingReplica(args.db)
    try:
        reads = db.reads(plate, s, e)
        charges = db.charges(plate, s, e, args.status)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()

    n_reads = write_csv(f"{args.prefix}_{plate}_reads.csv", reads)
    n_chg = write_csv(f"{args.prefix}_{plate}_charges.csv", charges)
    total, disputed = summarise(charges)
    print(f"{plate}: {n_reads} reads, {n_chg} charges, "
          f"total EUR {total / 100:.2f}, disputed EUR {disputed / 100:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
