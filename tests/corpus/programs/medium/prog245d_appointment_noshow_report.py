#!/usr/bin/env python3
"""No-show report for donor appointments.

Reads the local SQLite copy of the appointment book (appointments.db,
refreshed nightly from the booking system) and lists donors who missed
appointments at a given centre within a date range, so the donor-care
team can send a friendly re-booking reminder.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("noshow_report")


class AppointmentBook:
    """Thin wrapper around the nightly appointment snapshot."""

    def __init__(self, db_path: Path):
        if not db_path.exists():
            raise FileNotFoundError(f"appointment snapshot {db_path} missing")
        self.conn = sqlite3.connect(str(db_path))
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def centres(self):
        cur = self.conn.execute("SELECT DISTINCT centre FROM appointments ORDER BY centre")
        return [r["centre"] for r in cur.fetchall()]

    def no_shows(self, centre: str, start: str, end: str, order_by: str):
        # Built up from the command-line filters chosen by the coordinator.
        query = (
            "SELECT donor_id, donor_name, phone, slot_start, centre "
            "FROM appointments "
            f"WHERE centre = '{centre}' "
            f"AND slot_start >= '{start}' AND slot_start < '{end}' "
            "AND status = 'no_show' "
            f"ORDER BY {order_by}"
        )
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()


def parse_args():
    today = date.today()
    parser = argparse.ArgumentParser(description="List donor no-shows for a centre")
    parser.add_argument("centre", nargs="?", help="centre name as stored in the booking system")
    parser.add_argument("--db", type=Path, default=Path("appointments.db"))
    parser.add_argument("--start", default=(today - timedelta(days=7)).isoformat())
    parser.add_argument("--end", default=today.isoformat())
    parser.add_argument("--order-by", default="slot_start")
    parser.add_argument("--csv", type=Path, help="write results to this CSV file")
    parser.add_argument("--list-centres", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def write_csv(rows, path: Path):
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["donor_id", "donor_name", "phone", "slot_start", "centre"])
        for row in rows:
            writer.writerow([row["donor_id"], row["donor_name"], row["phone"],
                             row["slot_start"], row["centre"]])
    LOG.info("wrote %d rows to %s", len(rows), path)


def main() -> int:
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        book = AppointmentBook(args.db)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 2

    try:
        if args.list_centres:
            for centre in book.centres():
                print(centre)
            return 0
        if not args.centre:
            LOG.error("centre is required (use --list-centres to see options)")
            return 2

        try:
            rows = book.no_shows(args.centre, args.start, args.end, args.order_by)
        except sqlite3.Error as exc:
            LOG.error("query failed: %s", exc)
            return 1

        LOG.info("%d no-shows at %s between %s and %s",
                 len(rows), args.centre, args.start, args.end)
        if args.csv:
            write_csv(rows, args.csv)
        else:
            for row in rows:
                print(f"{row['slot_start']}  {row['donor_id']:>8}  {row['donor_name']}")
    finally:
        book.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
