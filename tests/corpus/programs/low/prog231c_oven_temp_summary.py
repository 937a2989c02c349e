#!/usr/bin/env python3
"""oven_temp_summary.py - summarise the last hours of oven temperature readings.

Fetches recent readings for each oven from the telemetry API, computes
min/mean/max and the time spent outside the bake band, flags ovens that
drift, and writes a CSV summary to the working directory.
"""

import argparse
import csv
import json
import logging
import statistics
import sys
import urllib.error
import urllib.request
from urllib.parse import urlencode

TELEMETRY_API = "https://telemetry.example.com/api/v1"

log = logging.getLogger("oven_temp_summary")


class OvenSummary:
    def __init__(self, oven_id, readings, band):
        self.oven_id = oven_id
        self.temps = [r["temp_c"] for r in readings if "temp_c" in r]
        self.low, self.high = band

    @property
    def ok(self):
        return bool(self.temps)

    def out_of_band_share(self):
        if not self.temps:
            return 0.0
        outside = sum(1 for t in self.temps if t < self.low or t > self.high)
        return outside / len(self.temps)

    def row(self):
        return {
            "oven_id": self.oven_id,
            "samples": len(self.temps),
            "min_c": min(self.temps),
            "mean_c": round(statistics.fmean(self.temps), 1),
            "max_c": max(self.temps),
            "out_of_band_pct": round(100 * self.out_of_band_share(), 1),
        }


def fetch_readings(oven_id, hours, timeout):
    query = urlencode({"hours": hours})
    url = f"{TELEMETRY_API}/ovens/{oven_id}/readings?{query}"
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.load(resp).get("readings", [])


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ovens", nargs="+", help="oven ids, e.g. deck-1 rack-2")
    parser.add_argument("--hours", type=int, default=6)
    parser.add_argument("--low", type=float, default=200.0)
    parser.add_argument("--high", type=float, default=240.0)
    parser.add_argument("--alert-pct", type=float, default=10.0,
                        help="flag ovens out of band more than this share of the time")
    parser.add_argument("--out", default="oven_temp_summary.csv")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    rows, flagged = [], []
    for oven_id in args.ovens:
        try:
            readings = fetch_readings(oven_id, args.hours, args.timeout)
        except (urllib.error.URLError, ValueError) as exc:
            log.error("could not fetch readings for %s: %s", oven_id, exc)
            continue
        summary = OvenSummary(oven_id, readings, (args.low, args.high))
        if not summary.ok:
            log.warning("no temperature samples for %s", oven_id)
            continue
        row = summary.row()
        rows.append(row)
        if row["out_of_band_pct"] > args.alert_pct:
            flagged.append(oven_id)
        log.info("%s: mean %.1f C, %.1f%% out of band",
                 oven_id, row["mean_c"], row["out_of_band_pct"])

    if not rows:
        log.error("no summaries produced")
        return 1
    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    log.info("summary for %d ovens written to %s", len(rows), args.out)
    if flagged:
        log.warning("ovens drifting out of band: %s", ", ".join(flagged))
    return 0


if __name__ == "__main__":
    sys.exit(main())
