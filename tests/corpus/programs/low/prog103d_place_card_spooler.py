#!/usr/bin/env python3
"""Prepare reception place cards for the thermal label printer.

Reads the seating plan CSV (table, seat, guest, ...) and renders one ESC/POS
job per table: guest name in double height, table name underneath, optional
meal code for the caterers. Jobs are written to spool/ so they can be sent
from the front-desk PC with `lp -d label -o raw spool/<table>.prn`.
"""

import argparse
import csv
import logging
import os
import re
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("place-cards")

ESC, GS = b"\x1b", b"\x1d"
INIT = ESC + b"@"
CENTER = ESC + b"a\x01"
DOUBLE = GS + b"!\x11"
NORMAL = GS + b"!\x00"
CUT = GS + b"V\x42\x00"
MEALS = {"beef": "B", "fish": "F", "vegetarian": "V", "vegan": "VG", "child": "C"}


class LabelJob:
    def __init__(self, encoding="cp437"):
        self.encoding = encoding
        self.buf = bytearray(INIT)

    def text(self, s):
        self.buf += s.encode(self.encoding, errors="replace")

    def card(self, guest, table, meal=None):
        self.buf += CENTER + b"\n"
        self.buf += DOUBLE
        self.text(guest + "\n")
        self.buf += NORMAL
        self.text("\n" + table + "\n")
        if meal:
            self.text(f"[{meal}]\n")
        self.buf += b"\n\n" + CUT

    def save(self, path):
        path.write_bytes(bytes(self.buf))
        os.chmod(path, 0o600)


def read_plan(path, table_filter=None):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if table_filter and row["table"] not in table_filter:
                continue
            yield row


def slug(name):
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "table"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("plan", help="seating_plan.csv")
    ap.add_argument("--spool", default="spool", help="output folder for .prn jobs")
    ap.add_argument("--tables", nargs="*", help="only these table names")
    ap.add_argument("--meals", action="store_true", help="print caterer meal code")
    ap.add_argument("--clean", action="store_true", help="remove old jobs first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rows = list(read_plan(args.plan, set(args.tables) if args.tables else None))
    if not rows:
        log.error("nothing to print")
        return 1

    spool = Path(args.spool)
    spool.mkdir(exist_ok=True)
    if args.clean:
        for old in spool.glob("*.prn"):
            old.unlink()

    by_table = defaultdict(list)
    for row in rows:
        by_table[row["table"]].append(row)

    for table, guests in by_table.items():
        job = LabelJob()
        for row in guests:
            meal = MEALS.get(row.get("meal", "").lower()) if args.meals else None
            job.card(row["guest"], table, meal)
        out = spool / f"{slug(table)}.prn"
        try:
            job.save(out)
        except OSError as exc:
            log.error("could not write %s: %s", out, exc)
            return 2
        log.info("%-16s %2d cards -> %s", table, len(guests), out)

    log.info("send with: lp -d label -o raw %s/<table>.prn", spool)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
