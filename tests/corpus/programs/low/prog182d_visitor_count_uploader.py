#!/usr/bin/env python3
"""Visitor count uploader.

Reads the turnstile counter exports for the dome theatre and the exhibit
halls, aggregates them per hour and posts the totals to the visitor
analytics service, which feeds the director's dashboard.
"""
import argparse
import csv
import json
import logging
import os
import urllib.request
from collections import defaultdict
from datetime import date
from pathlib import Path

LOG = logging.getLogger("visitors.upload")

API_URL = os.environ.get("VISITOR_API_URL", "https://analytics.starhall.example.net/api/v1/visits")
EXPORT_DIR = Path(os.environ.get("TURNSTILE_EXPORT_DIR", "./turnstiles"))
STATE_FILE = Path("./.upload_state.json")


class TurnstileExport:
    def __init__(self, folder: Path, day: date):
        self.files = sorted(folder.glob(f"*_{day:%Y%m%d}.csv"))

    def hourly(self) -> dict:
        totals = defaultdict(lambda: defaultdict(int))
        for f in self.files:
            gate = f.stem.rsplit("_", 1)[0]
            with f.open(newline="") as fh:
                for row in csv.DictReader(fh):
                    hour = row["timestamp"][11:13]
                    totals[gate][hour] += int(row.get("entries", 0) or 0)
        return {g: dict(h) for g, h in totals.items()}


class AnalyticsClient:
    def __init__(self, url: str, api_key: str):
        self.url = url
        self.api_key = api_key

    def post(self, payload: dict) -> int:
        req = urllib.request.Request(
            self.url,
            data=json.dumps(payload).encode(),
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self.api_key}",
            },
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status


def load_state() -> dict:
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state: dict) -> None:
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def main() -> None:
    ap = argparse.ArgumentParser(description="Upload turnstile counts")
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--force", action="store_true", help="re-upload even if already sent")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("VISITOR_API_KEY")
    if not api_key and not args.dry_run:
        raise SystemExit("VISITOR_API_KEY is not set")

    day = date.fromisoformat(args.day)
    state = load_state()
    if state.get(day.isoformat()) and not args.force:
        LOG.info("%s already uploaded", day)
        return

    export = TurnstileExport(EXPORT_DIR, day)
    if not export.files:
        LOG.warning("no turnstile exports for %s in %s", day, EXPORT_DIR)
        return
    hourly = export.hourly()
    payload = {
        "site": os.environ.get("SITE_CODE", "main-dome"),
        "date": day.isoformat(),
        "gates": hourly,
        "total": sum(sum(h.values()) for h in hourly.values()),
    }
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return
    status = AnalyticsClient(API_URL, api_key).post(payload)
    LOG.info("analytics service answered %s (total=%d)", status, payload["total"])
    state[day.isoformat()] = payload["total"]
    save_state(state)


if __name__ == "__main__":
    main()
