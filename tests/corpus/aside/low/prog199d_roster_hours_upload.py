#!/usr/bin/env python3
"""Summarise weekly guard hours and submit them to the payroll API.

Reads the shift CSV exported from the tower sign-in sheet, totals hours
per guard and posts the summary to the council payroll service.
"""
import argparse
import asyncio
import csv
import json
import logging
import os
import sys
import urllib.request
from collections import defaultdict
from datetime import datetime

log = logging.getLogger("roster_hours")

API_URL = os.environ.get("PAYROLL_API_URL", "https://payroll.example.com/v1/hours")
TIME_FMT = "%Y-%m-%d %H:%M"


def parse_shift(row):
    start = datetime.strptime(row["start"], TIME_FMT)
    end = datetime.strptime(row["end"], TIME_FMT)
    if end <= start:
        raise ValueError(f"shift ends before it starts: {row}")
    return row["guard"].strip(), row.get("tower", "").strip(), (end - start).total_seconds() / 3600


def summarise(path):
    totals = defaultdict(lambda: {"hours": 0.0, "towers": set(), "shifts": 0})
    bad = 0
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                guard, tower, hours = parse_shift(row)
            except (KeyError, ValueError) as exc:
                bad += 1
                log.debug("skipping row: %s", exc)
                continue
            t = totals[guard]
            t["hours"] += hours
            t["shifts"] += 1
            if tower:
                t["towers"].add(tower)
    if bad:
        log.warning("%d rows skipped", bad)
    return [{"guard": g, "hours": round(v["hours"], 2), "shifts": v["shifts"],
             "towers": sorted(v["towers"])} for g, v in sorted(totals.items())]


def _post(url, key, payload):
    req = urllib.request.Request(
        url, data=json.dumps(payload).encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


async def submit(url, key, week, rows):
    loop = asyncio.get_running_loop()
    payload = {"week": week, "entries": rows}
    return await loop.run_in_executor(None, _post, url, key, payload)


def main():
    ap = argparse.ArgumentParser(description="Weekly guard hours upload")
    ap.add_argument("csv_file")
    ap.add_argument("--week", required=True, help="ISO week, e.g. 2024-W27")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        rows = summarise(args.csv_file)
    except FileNotFoundError:
        log.error("no such file: %s", args.csv_file)
        return 1
    for r in rows:
        log.info("%-20s %6.2f h over %d shifts", r["guard"], r["hours"], r["shifts"])
    if args.dry_run:
        return 0

    key = os.environ.get("PAYROLL_API_KEY")
    if not key:
        log.error("PAYROLL_API_KEY is not set")
        return 1
    try:
        status = asyncio.run(submit(API_URL, key, args.week, rows))
    except OSError as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("payroll API answered %s", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
