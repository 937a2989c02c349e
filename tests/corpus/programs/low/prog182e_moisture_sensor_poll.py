#!/usr/bin/env python3
"""Poll the sammying-line moisture gauges and keep a daily CSV.

Each gauge exposes a small JSON endpoint on the line network. This polls
them in turn, flags hides outside the target moisture band for the next
process (shaving wants 45-55 %), and appends everything to today's file.
"""
import argparse
import csv
import json
import logging
import os
import statistics
import time
import urllib.request
from datetime import date
from pathlib import Path

LOG = logging.getLogger("moisture-poll")

GAUGES = {
    "sammy-1": os.environ.get("GAUGE_1", "http://192.0.2.31/api/readings"),
    "sammy-2": os.environ.get("GAUGE_2", "http://192.0.2.32/api/readings"),
}
BAND = (45.0, 55.0)
OUT_DIR = Path(os.environ.get("SAMMY_READINGS", "readings"))
FIELDS = ("polled_at", "gauge", "hide_id", "moisture_pct", "in_band")


class Gauge:
    def __init__(self, name, url, timeout=5):
        self.name = name
        self.url = url
        self.timeout = timeout

    def fetch(self):
        with urllib.request.urlopen(self.url, timeout=self.timeout) as resp:
            data = json.load(resp)
        return data.get("readings", [])


def classify(value, band=BAND):
    low, high = band
    return low <= value <= high


def poll_all(gauges):
    rows = []
    stamp = time.strftime("%F %T")
    for gauge in gauges:
        try:
            readings = gauge.fetch()
        except (OSError, ValueError) as exc:
            LOG.warning("%s unreachable: %s", gauge.name, exc)
            continue
        for r in readings:
            value = float(r.get("moisture", 0))
            rows.append({"polled_at": stamp, "gauge": gauge.name,
                         "hide_id": r.get("hide_id", "?"),
                         "moisture_pct": value, "in_band": classify(value)})
    return rows


def append_rows(rows, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / ("sammy_%s.csv" % date.today().isoformat())
    new = not path.exists()
    with path.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            writer.writeheader()
        writer.writerows(rows)
    return path


def summarise(rows):
    if not rows:
        return "no readings"
    values = [r["moisture_pct"] for r in rows]
    off = sum(1 for r in rows if not r["in_band"])
    return "n=%d mean=%.1f%% min=%.1f max=%.1f out-of-band=%d" % (
        len(values), statistics.mean(values), min(values), max(values), off)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    gauges = [Gauge(name, url) for name, url in GAUGES.items()]
    while True:
        rows = poll_all(gauges)
        if rows:
            path = append_rows(rows, OUT_DIR)
            LOG.info("%s -> %s", summarise(rows), path)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
