#!/usr/bin/env python3
"""Upload kiln moisture readings to the drying-schedule service.

Reads the moisture probe exports (one CSV per charge) from the working
directory, averages the readings per kiln and posts them to the
drying-schedule API so the schedule can move the charge to the next step.
The API key comes from the KILN_API_KEY environment variable.
"""
import argparse
import csv
import json
import logging
import os
import statistics
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("moisture")

API_BASE = os.environ.get("KILN_API_BASE", "https://api.example.com/kiln/v1")
SENT_LOG = Path("sent_readings.jsonl")


def read_charge(path: Path):
    readings = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                mc = float(row["moisture_pct"])
            except (KeyError, ValueError):
                continue
            if 0 < mc < 200:
                readings.setdefault(row.get("kiln", "?"), []).append(mc)
    return readings


def summarise(readings):
    out = []
    for kiln, vals in sorted(readings.items()):
        out.append({
            "kiln": kiln,
            "n": len(vals),
            "mean_pct": round(statistics.fmean(vals), 2),
            "max_pct": max(vals),
            "stdev_pct": round(statistics.pstdev(vals), 2) if len(vals) > 1 else 0.0,
        })
    return out


class ScheduleClient:
    def __init__(self, base, key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "User-Agent": "kiln-moisture/1.3"})
        self.timeout = timeout

    def post_readings(self, charge_id, summary):
        body = {"charge": charge_id,
                "taken_at": datetime.now(timezone.utc).isoformat(),
                "kilns": summary}
        r = self.session.post(f"{self.base}/charges/{charge_id}/moisture",
                              json=body, timeout=self.timeout)
        r.raise_for_status()
        return r.json()


def remember(entry):
    new = not SENT_LOG.exists()
    with open(SENT_LOG, "a") as fh:
        fh.write(json.dumps(entry) + "\n")
    if new:
        # the log has charge ids and schedule notes; keep it to this user
        os.chmod(SENT_LOG, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pattern", default="charge_*.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("KILN_API_KEY")
    if not key and not args.dry_run:
        log.error("KILN_API_KEY is not set")
        return 2
    client = ScheduleClient(API_BASE, key or "")

    files = sorted(Path(".").glob(args.pattern))
    if not files:
        log.info("no charge files found")
        return 0
    for path in files:
        charge_id = path.stem.split("_", 1)[-1]
        summary = summarise(read_charge(path))
        if args.dry_run:
            print(charge_id, json.dumps(summary))
            continue
        try:
            resp = client.post_readings(charge_id, summary)
            remember({"charge": charge_id, "status": resp.get("status")})
            log.info("charge %s: %s", charge_id, resp.get("status"))
        except requests.RequestException as exc:
            log.error("charge %s not sent: %s", charge_id, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
