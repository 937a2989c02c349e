#!/usr/bin/env python3
"""Loudness compliance report for aired programmes.

The playout loudness logger exports one CSV per day with the integrated
loudness (LUFS), loudness range (LU) and true peak (dBTP) of every aired
item. This tool checks each item against the station's delivery spec
(EBU R128 / ATSC A/85 style targets), prints a report and, optionally,
posts a summary to the engineering dashboard.

Usage:
    prog234b_loudness_compliance_report.py loudness_2024-03-14.csv \
        [--target -23] [--tolerance 1.0] [--max-peak -1] [--post]
"""

import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass

LOG = logging.getLogger("loudness")

DASHBOARD_URL = "https://dashboard.example.com/api/v1/loudness"


@dataclass
class Item:
    house_id: str
    title: str
    lufs: float
    lra: float
    peak: float

    def problems(self, target, tolerance, max_peak, max_lra):
        out = []
        if abs(self.lufs - target) > tolerance:
            out.append("integrated %.1f LUFS" % self.lufs)
        if self.peak > max_peak:
            out.append("true peak %.1f dBTP" % self.peak)
        if self.lra > max_lra:
            out.append("LRA %.1f LU" % self.lra)
        return out


def read_items(path):
    items = []
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                items.append(Item(row["house_id"], row.get("title", ""),
                                  float(row["integrated_lufs"]), float(row["lra_lu"]),
                                  float(row["true_peak_dbtp"])))
            except (KeyError, ValueError) as exc:
                LOG.warning("line %d skipped: %s", lineno, exc)
    return items


def build_summary(items, args, source):
    failures = []
    for item in items:
        issues = item.problems(args.target, args.tolerance, args.max_peak, args.max_lra)
        if issues:
            failures.append({"house_id": item.house_id, "title": item.title,
                             "issues": issues})
    return {
        "source": os.path.basename(source),
        "items": len(items),
        "failures": len(failures),
        "target_lufs": args.target,
        "details": failures,
    }


def print_summary(summary):
    print("%s: %d items, %d out of spec" % (summary["source"], summary["items"],
                                             summary["failures"]))
    for f in summary["details"]:
        print("  %-12s %-40s %s" % (f["house_id"], f["title"][:40], "; ".join(f["issues"])))


def post_summary(summary, url):
    key = os.environ.get("DASHBOARD_API_KEY")
    if not key:
        LOG.error("DASHBOARD_API_KEY not set, not posting")
        return False
    body = json.dumps(summary).encode("utf-8")
    req = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": "Bearer %s" % key,
    })
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            LOG.info("dashboard accepted summary (%s)", resp.status)
            return True
    except urllib.error.URLError as exc:
        LOG.error("dashboard post failed: %s", exc)
        return False


def main():
    ap = argparse.ArgumentParser(description="Loudness compliance report")
    ap.add_argument("csv_file")
    ap.add_argument("--target", type=float, default=-23.0)
    ap.add_argument("--tolerance", type=float, default=1.0)
    ap.add_argument("--max-peak", type=float, default=-1.0)
    ap.add_argument("--max-lra", type=float, default=20.0)
    ap.add_argument("--json-out", help="also write the summary as JSON")
    ap.add_argument("--post", action="store_true", help="post summary to the dashboard")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        items = read_items(args.csv_file)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.csv_file, exc)
        return 1
    if not items:
        LOG.error("no usable rows in %s", args.csv_file)
        return 1

    summary = build_summary(items, args, args.csv_file)
    print_summary(summary)
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as fh:
            json.dump(summary, fh, indent=2)
    if args.post and not post_summary(summary, DASHBOARD_URL):
        return 3
    return 2 if summary["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
