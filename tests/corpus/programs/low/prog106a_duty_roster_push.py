#!/usr/bin/env python3
"""Push the weekly driver duty roster to RosterCloud.

Reads the duty board exported from the scheduling system (one CSV row per
driver per duty), validates working-time rules (max 10h duty, 11h rest
between duties) and posts the roster to the RosterCloud API so drivers see
it in the app. A run summary is written next to the CSV for the depot office.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.request
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("roster-push")

API_URL = os.environ.get("ROSTER_API_URL", "https://api.rostercloud.io/v2")
MAX_DUTY = timedelta(hours=10)
MIN_REST = timedelta(hours=11)


def read_duties(path):
    duties = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            start = datetime.fromisoformat(f"{row['date']}T{row['sign_on']}")
            end = datetime.fromisoformat(f"{row['date']}T{row['sign_off']}")
            if end <= start:
                end += timedelta(days=1)
            duties.append({
                "driver_id": row["driver_id"],
                "duty": row["duty_no"],
                "route": row.get("route", ""),
                "start": start,
                "end": end,
            })
    return duties


def check_rules(duties):
    problems = []
    by_driver = {}
    for d in sorted(duties, key=lambda d: d["start"]):
        if d["end"] - d["start"] > MAX_DUTY:
            problems.append(f"{d['driver_id']} duty {d['duty']} exceeds 10h")
        prev = by_driver.get(d["driver_id"])
        if prev and d["start"] - prev["end"] < MIN_REST:
            problems.append(f"{d['driver_id']} rest before duty {d['duty']} under 11h")
        by_driver[d["driver_id"]] = d
    return problems


def write_summary(csv_path, summary):
    out = Path(csv_path).with_suffix(".summary.json")
    out.write_text(json.dumps(summary, indent=2))
    return out


def publish(duties, week, api_key):
    payload = {
        "week": week,
        "duties": [
            {**d, "start": d["start"].isoformat(), "end": d["end"].isoformat()} for d in duties
        ],
    }
    req = urllib.request.Request(
        f"{API_URL}/rosters",
        data=json.dumps(payload).encode(),
        headers={"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roster_csv")
    ap.add_argument("--week", required=True, help="ISO week, e.g. 2024-W37")
    ap.add_argument("--force", action="store_true", help="publish despite rule warnings")
    ap.add_argument("--no-summary", dest="summary", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("ROSTER_API_KEY")
    if not api_key:
        log.error("ROSTER_API_KEY is not set")
        return 2

    duties = read_duties(args.roster_csv)
    problems = check_rules(duties)
    for p in problems:
        log.warning(p)
    summary = {"week": args.week, "duties": len(duties), "problems": problems}

    if problems and not args.force:
        log.error("%d rule violations, use --force to publish anyway", len(problems))
        rc = 1
    else:
        try:
            result = publish(duties, args.week, api_key)
            log.info("published roster %s (%d duties)", result.get("id"), len(duties))
            summary["roster_id"] = result.get("id")
            rc = 0
        except OSError as exc:
            log.error("publish failed: %s", exc)
            summary["error"] = str(exc)
            rc = 3

    if args.summary:
        log.info("summary written to %s", write_summary(args.roster_csv, summary))
    return rc


if __name__ == "__main__":
    sys.exit(main())
