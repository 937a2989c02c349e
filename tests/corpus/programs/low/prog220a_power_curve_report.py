#!/usr/bin/env python3
"""Build a binned power curve per turbine from 10-minute SCADA data.

Reads a 10-minute SCADA CSV export (timestamp, turbine, wind speed, active
power, state), keeps only normal-operation records, bins them by wind speed
following the IEC 61400-12 style 0.5 m/s bins and writes one CSV per turbine
plus a comparison against the warranted curve into the output directory.
"""

import argparse
import csv
import logging
import math
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("power_curve")

BIN_WIDTH = 0.5
NORMAL_STATES = {"RUN", "LOWWIND"}


class PowerCurve:
    def __init__(self, turbine):
        self.turbine = turbine
        self.bins = defaultdict(list)

    def add(self, wind, power):
        index = math.floor(wind / BIN_WIDTH + 0.5)
        self.bins[index].append(power)

    def rows(self, min_count):
        for index in sorted(self.bins):
            values = self.bins[index]
            if len(values) < min_count:
                continue
            yield index * BIN_WIDTH, sum(values) / len(values), len(values)


def load_warranted(path):
    curve = {}
    if not path:
        return curve
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            curve[float(row["wind_ms"])] = float(row["power_kw"])
    LOG.info("loaded warranted curve with %d points", len(curve))
    return curve


def read_scada(path):
    curves = {}
    skipped = 0
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                wind = float(row["WindSpeed_ms"])
                power = float(row["ActivePower_kW"])
            except (KeyError, ValueError):
                skipped += 1
                continue
            if row.get("State", "").upper() not in NORMAL_STATES or wind < 0 or wind > 40:
                skipped += 1
                continue
            turbine = row["Turbine"]
            curves.setdefault(turbine, PowerCurve(turbine)).add(wind, power)
    LOG.info("read %d turbines, skipped %d records", len(curves), skipped)
    return curves


def write_curve(curve, warranted, out_dir, min_count):
    out = out_dir / f"power_curve_{curve.turbine}.csv"
    deficits = []
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["wind_ms", "mean_power_kw", "records", "warranted_kw", "ratio"])
        for wind, mean_power, count in curve.rows(min_count):
            ref = warranted.get(wind)
            ratio = mean_power / ref if ref else None
            if ratio is not None and 5.0 <= wind <= 12.0:
                deficits.append(ratio)
            writer.writerow([wind, round(mean_power, 1), count, ref or "", f"{ratio:.3f}" if ratio else ""])
    score = sum(deficits) / len(deficits) if deficits else None
    return out, score


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("scada_csv")
    parser.add_argument("--warranted", help="CSV with wind_ms,power_kw")
    parser.add_argument("--out-dir", default="./power_curves")
    parser.add_argument("--min-count", type=int, default=3)
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    try:
        warranted = load_warranted(args.warranted)
        curves = read_scada(args.scada_csv)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("input error: %s", exc)
        return 1
    for turbine in sorted(curves):
        path, score = write_curve(curves[turbine], warranted, out_dir, args.min_count)
        note = f"mid-range performance {score:.1%} of warranted" if score else "no warranted comparison"
        LOG.info("%s -> %s (%s)", turbine, path, note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
