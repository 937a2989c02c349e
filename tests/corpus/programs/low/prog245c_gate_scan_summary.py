#!/usr/bin/env python3
"""Summarise ticket-gate scans for a day and report them to operations.

Reads the gate controllers' scan export (one row per ticket presented),
counts accepted and rejected scans per gate and per hour, writes a CSV
report in the working directory and, optionally, posts the totals to the
company operations API.
"""

import argparse
import csv
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

import requests

LOG = logging.getLogger("gate-scan-summary")

OPS_API = "https://ops.example.com/api/v2/gate-totals"


class ScanStats:
    def __init__(self):
        self.by_gate = defaultdict(lambda: {"accepted": 0, "rejected": 0})
        self.by_hour = defaultdict(int)
        self.reasons = defaultdict(int)
        self.bad_rows = 0

    def add(self, row):
        gate = row["gate"].strip()
        result = row["result"].strip().lower()
        hour = row["timestamp"][11:13]
        if result not in ("accepted", "rejected") or not hour.isdigit():
            raise ValueError("bad result or timestamp")
        self.by_gate[gate][result] += 1
        self.by_hour[hour] += 1
        if result == "rejected":
            self.reasons[row.get("reason", "").strip() or "unspecified"] += 1

    def totals(self):
        acc = sum(g["accepted"] for g in self.by_gate.values())
        rej = sum(g["rejected"] for g in self.by_gate.values())
        return {"accepted": acc, "rejected": rej, "gates": len(self.by_gate)}


def load(path):
    stats = ScanStats()
    with open(path, newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                stats.add(row)
            except (KeyError, ValueError) as exc:
                stats.bad_rows += 1
                LOG.debug("row %d skipped: %s", n, exc)
    return stats


def write_report(stats, out):
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["gate", "accepted", "rejected"])
        for gate in sorted(stats.by_gate):
            g = stats.by_gate[gate]
            w.writerow([gate, g["accepted"], g["rejected"]])
        w.writerow([])
        w.writerow(["hour", "scans"])
        for hour in sorted(stats.by_hour):
            w.writerow([hour, stats.by_hour[hour]])
    LOG.info("report written to %s", out)


def post_totals(day, stats):
    key = os.environ.get("OPS_API_KEY")
    if not key:
        LOG.warning("OPS_API_KEY not set; skipping upload")
        return
    payload = {"date": day, "totals": stats.totals(), "rejections": dict(stats.reasons)}
    resp = requests.post(OPS_API, json=payload, timeout=15,
                         headers={"Authorization": "Bearer %s" % key})
    resp.raise_for_status()
    LOG.info("totals posted to operations (%s)", resp.status_code)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("scans", type=Path)
    p.add_argument("--date", required=True, help="service day, YYYY-MM-DD")
    p.add_argument("--post", action="store_true", help="send totals to operations")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not args.scans.exists():
        LOG.error("no such file: %s", args.scans)
        return 1
    stats = load(args.scans)
    write_report(stats, Path("gate-summary-%s.csv" % args.date))
    t = stats.totals()
    LOG.info("%d accepted, %d rejected across %d gates (%d bad rows)",
             t["accepted"], t["rejected"], t["gates"], stats.bad_rows)
    if args.post:
        try:
            post_totals(args.date, stats)
        except requests.RequestException as exc:
            LOG.error("upload failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
