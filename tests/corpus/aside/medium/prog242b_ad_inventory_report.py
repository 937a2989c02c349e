#!/usr/bin/env python3
"""Ad inventory report for an edition.

Reads the local ad-booking database (adbook.sqlite in the working
directory) and prints, for a given edition date and section, how many
column-centimetres are booked, how much is still free per page, and
which advertisers hold the front-of-section positions.
"""
import argparse
import logging
import sqlite3
import sys
from datetime import date

LOG = logging.getLogger("ad-inventory")
DB_PATH = "adbook.sqlite"
PAGE_CAPACITY_CC = 6 * 52  # six columns, 52 cm deep


class InventoryReport:
    def __init__(self, conn, edition, section):
        self.conn = conn
        self.edition = edition
        self.section = section

    def bookings(self):
        query = (
            "SELECT page, advertiser, columns, depth_cm, position "
            "FROM bookings "
            f"WHERE edition_date = '{self.edition}' AND section = '{self.section}' "
            "AND status != 'cancelled' ORDER BY page, position"
        )
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def advertiser_history(self, advertiser):
        query = ("SELECT COUNT(*), SUM(columns * depth_cm) FROM bookings "
                 "WHERE advertiser = '%s' AND status = 'run'" % advertiser)
        return self.conn.execute(query).fetchone()

    def per_page(self, rows):
        pages = {}
        for page, advertiser, cols, depth, position in rows:
            info = pages.setdefault(page, {"booked": 0, "front": []})
            info["booked"] += cols * depth
            if position == "front":
                info["front"].append(advertiser)
        return pages


def print_report(report, pages, show_history):
    print(f"Inventory for {report.edition} / {report.section}")
    print(f"{'page':>4}  {'booked cc':>9}  {'free cc':>7}  front positions")
    for page in sorted(pages):
        info = pages[page]
        free = PAGE_CAPACITY_CC - info["booked"]
        flag = " OVERBOOKED" if free < 0 else ""
        print(f"{page:>4}  {info['booked']:>9}  {free:>7}  {', '.join(info['front']) or '-'}{flag}")
        if show_history:
            for adv in info["front"]:
                runs, cc = report.advertiser_history(adv)
                print(f"{'':>6}{adv}: {runs} runs, {cc or 0} cc to date")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--edition", default=date.today().isoformat())
    ap.add_argument("--section", default="A")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--history", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        conn = sqlite3.connect(args.db)
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", args.db, exc)
        return 1
    try:
        report = InventoryReport(conn, args.edition, args.section)
        rows = report.bookings()
        if not rows:
            LOG.info("no bookings for %s section %s", args.edition, args.section)
            return 0
        print_report(report, report.per_page(rows), args.history)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
