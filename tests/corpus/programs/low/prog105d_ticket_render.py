#!/usr/bin/env python3
"""Render exhibition admission tickets for the door's thermal receipt printer.

Reads the day's pre-booked orders (bookings.csv exported from the ticket
desk) or a single walk-up sale given on the command line, and writes one
80mm ESC/POS ticket per admission, with a barcode of the booking reference,
into the spool folder that the print PC picks up.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sys
import time

log = logging.getLogger("ticket-printer")

ESC, GS = b"\x1b", b"\x1d"
INIT = ESC + b"@"
CENTER, LEFT = ESC + b"a\x01", ESC + b"a\x00"
BOLD_ON, BOLD_OFF = ESC + b"E\x01", ESC + b"E\x00"
DOUBLE, NORMAL = GS + b"!\x11", GS + b"!\x00"
CUT = GS + b"V\x42\x00"

EVENT = "Dunmore Valley MRC Exhibition"
VENUE = "St Aidan's Community Hall"


def code128(data):
    payload = b"{B" + data.encode("ascii")
    return GS + b"h\x50" + GS + b"w\x02" + GS + b"H\x02" + GS + b"k\x49" + bytes([len(payload)]) + payload


def render(ref, kind, day, seq, total):
    lines = [INIT, CENTER, BOLD_ON, DOUBLE, EVENT.encode("cp437", "replace"), b"\n",
             NORMAL, BOLD_OFF, VENUE.encode("cp437", "replace"), b"\n\n",
             DOUBLE, kind.upper().encode(), b"\n", NORMAL,
             f"{day}  admission {seq} of {total}\n".encode(),
             code128(ref), b"\n",
             LEFT, f"Printed {dt.datetime.now():%d/%m/%Y %H:%M}\n".encode(),
             b"Keep this ticket for re-entry.\n\n\n", CUT]
    return b"".join(lines)


class Printer:
    """Spool directory watched by the print PC at the door (CUPS raw queue)."""

    def __init__(self, spool_dir):
        self.spool_dir = spool_dir
        self.count = 0

    def _ensure_spool(self):
        os.makedirs(self.spool_dir, exist_ok=True)

    def write(self, data, retries=3):
        self._ensure_spool()
        self.count += 1
        name = os.path.join(self.spool_dir, f"{time.strftime('%H%M%S')}-{self.count:04d}.escpos")
        for attempt in range(1, retries + 1):
            try:
                with open(name + ".part", "wb") as fh:
                    fh.write(data)
                os.replace(name + ".part", name)
                return
            except OSError as exc:
                log.warning("spool attempt %d failed: %s", attempt, exc)
                time.sleep(1.5)
        raise OSError(f"could not spool ticket into {self.spool_dir}")


def bookings(path, day):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("day", "").lower() == day:
                yield row["ref"], row.get("kind", "adult"), int(row.get("qty", 1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spool", default=os.environ.get("TICKET_SPOOL", "spool"))
    ap.add_argument("--day", default=dt.date.today().strftime("%a").lower()[:3])
    ap.add_argument("--bookings", help="bookings.csv from the ticket desk")
    ap.add_argument("--walkup", nargs=3, metavar=("REF", "KIND", "QTY"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.walkup:
        jobs = [(args.walkup[0], args.walkup[1], int(args.walkup[2]))]
    elif args.bookings:
        jobs = list(bookings(args.bookings, args.day))
    else:
        ap.error("give --bookings or --walkup")

    printer = Printer(args.spool)
    printed = 0
    for ref, kind, qty in jobs:
        for seq in range(1, qty + 1):
            try:
                printer.write(render(ref, kind, args.day.title(), seq, qty))
                printed += 1
            except OSError as exc:
                log.error("ticket %s %d/%d not spooled: %s", ref, seq, qty, exc)
                return 1
    log.info("spooled %d tickets for %d bookings", printed, len(jobs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
