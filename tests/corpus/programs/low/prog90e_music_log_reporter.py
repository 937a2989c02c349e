#!/usr/bin/env python3
"""Build the quarterly music-use report from the automation as-run logs and
submit it to the royalty reporting service.

The as-run export is one CSV per day (automation "Export Log" button):
    start_time,duration,category,artist,title,album,label,isrc

Only MUS category rows count; liners, PSAs and underwriting are skipped.

    music_log_reporter.py asrun/2024-0[4-6]*.csv --period 2024Q2 [--submit]
"""

import argparse
import collections
import csv
import datetime as dt
import glob
import json
import logging
import os
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("music-log")
API_URL = os.environ.get("ROYALTY_API_URL", "https://api.royalty-reports.example.org/v1/stations")
STATION_ID = os.environ.get("STATION_ID", "KXRW-LP")
MUSIC_CATEGORIES = {"MUS", "MUSIC", "SONG"}


def iter_rows(paths):
    for path in paths:
        with open(path, newline="", encoding="utf-8-sig") as fh:
            for lineno, row in enumerate(csv.DictReader(fh), start=2):
                if (row.get("category") or "").strip().upper() not in MUSIC_CATEGORIES:
                    continue
                try:
                    row["duration"] = int(float(row.get("duration") or 0))
                    row["start_time"] = dt.datetime.fromisoformat(row["start_time"])
                except (KeyError, ValueError) as exc:
                    LOG.warning("%s:%d skipped (%s)", path, lineno, exc)
                    continue
                yield row


def aggregate(rows, min_seconds=30):
    plays = collections.OrderedDict()
    for row in rows:
        if row["duration"] < min_seconds:
            continue
        key = (row.get("isrc") or "").strip() or (row["artist"].lower(), row["title"].lower())
        rec = plays.setdefault(key, {
            "artist": row["artist"].strip(),
            "title": row["title"].strip(),
            "album": (row.get("album") or "").strip(),
            "label": (row.get("label") or "").strip(),
            "isrc": (row.get("isrc") or "").strip(),
            "plays": 0,
            "seconds": 0,
        })
        rec["plays"] += 1
        rec["seconds"] += row["duration"]
    return list(plays.values())


def write_local_copy(report, period):
    name = f"music_report_{period}.json"
    with open(name, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    os.chmod(name, 0o600)
    return name


def submit(report, period, api_key):
    url = f"{API_URL}/{STATION_ID}/reports/{period}"
    req = urllib.request.Request(
        url,
        data=json.dumps(report).encode("utf-8"),
        method="PUT",
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {api_key}",
        },
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            LOG.info("submitted: HTTP %s", resp.status)
            return json.loads(resp.read() or b"{}")
    except urllib.error.HTTPError as exc:
        LOG.error("service rejected report: %s %s", exc.code, exc.read()[:400])
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(description="music-use report builder")
    ap.add_argument("logs", nargs="+", help="as-run CSV files or globs")
    ap.add_argument("--period", required=True, help="e.g. 2024Q2")
    ap.add_argument("--min-seconds", type=int, default=30)
    ap.add_argument("--submit", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    paths = sorted({p for pattern in args.logs for p in glob.glob(pattern)})
    if not paths:
        ap.error("no log files matched")
    tracks = aggregate(iter_rows(paths), args.min_seconds)
    report = {
        "station": STATION_ID,
        "period": args.period,
        "generated": dt.datetime.now(dt.timezone.utc).isoformat(),
        "source_files": len(paths),
        "tracks": tracks,
    }
    LOG.info("%d distinct tracks, %d plays", len(tracks), sum(t["plays"] for t in tracks))
    LOG.info("local copy: %s", write_local_copy(report, args.period))

    if args.submit:
        api_key = os.environ.get("ROYALTY_API_KEY")
        if not api_key:
            LOG.error("ROYALTY_API_KEY not set, not submitting")
            return 1
        receipt = submit(report, args.period, api_key)
        LOG.info("receipt id: %s", receipt.get("receipt_id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
