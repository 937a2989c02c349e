#!/usr/bin/env python3
"""Aggregate beam-break visitor counter readings into hourly footfall rows.

Each counter exposes a small JSON endpoint with a running total per door.
This tool reads every configured counter, turns running totals into
per-interval deltas and appends hourly rows to a CSV used for the trust's
monthly footfall report.

Door totals are corrected with the per-door calibration factors produced by
the annual manual headcount (``calibrate_doors.py`` saves them alongside the
config).
"""

import argparse
import configparser
import csv
import logging
import pickle
import sys
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("footfall")


def load_calibration(path):
    p = Path(path)
    if not p.exists():
        log.info("no calibration file at %s, using raw counts", p)
        return {}
    with p.open("rb") as fh:
        factors = pickle.load(fh)
    log.info("loaded %d door calibration factors", len(factors))
    return factors


def read_config(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise SystemExit("config not found: %s" % path)
    counters = {}
    for section in cp.sections():
        if section.startswith("counter:"):
            counters[section.split(":", 1)[1]] = cp[section]["url"]
    opts = cp["poller"] if cp.has_section("poller") else {}
    return counters, {
        "interval": int(opts.get("interval", 300)),
        "output": opts.get("output", "footfall.csv"),
        "timeout": float(opts.get("timeout", 8)),
        "calibration": opts.get("calibration", "door_calibration.pkl"),
    }


class CounterAggregator:
    def __init__(self, counters, opts, factors):
        self.counters = counters
        self.opts = opts
        self.factors = factors
        self.last_totals = {}
        self.hourly = defaultdict(float)
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "footfall-aggregator/2.3"

    def fetch(self, name, url):
        r = self.session.get(url, timeout=self.opts["timeout"])
        r.raise_for_status()
        for rec in r.json().get("doors", []):
            door = str(rec.get("door", "main")).strip().lower()
            count = max(0, int(rec.get("count") or 0))
            yield door, count

    def poll_once(self):
        hour = datetime.now().strftime("%Y-%m-%d %H:00")
        for name, url in self.counters.items():
            try:
                readings = list(self.fetch(name, url))
            except (requests.RequestException, ValueError) as exc:
                log.warning("counter %s unavailable: %s", name, exc)
                continue
            for door, total in readings:
                key = (name, door)
                prev = self.last_totals.get(key)
                self.last_totals[key] = total
                if prev is None:
                    continue
                delta = total - prev if total >= prev else total
                self.hourly[(hour,) + key] += delta * self.factors.get(key, 1.0)
        self.flush(keep_hour=hour)

    def flush(self, keep_hour):
        out = Path(self.opts["output"])
        done = [k for k in self.hourly if k[0] != keep_hour]
        if not done:
            return
        new_file = not out.exists()
        with out.open("a", newline="") as fh:
            w = csv.writer(fh)
            if new_file:
                w.writerow(["hour", "counter", "door", "visitors"])
            for k in sorted(done):
                w.writerow([*k, round(self.hourly.pop(k))])
        log.info("wrote %d hourly rows to %s", len(done), out)


def main():
    ap = argparse.ArgumentParser(description="Visitor counter aggregator")
    ap.add_argument("-c", "--config", default="footfall.ini")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    counters, opts = read_config(args.config)
    if not counters:
        log.error("no [counter:*] sections configured")
        return 1

    agg = CounterAggregator(counters, opts, load_calibration(opts["calibration"]))
    while True:
        agg.poll_once()
        if args.once:
            return 0
        time.sleep(opts["interval"])


if __name__ == "__main__":
    sys.exit(main())
