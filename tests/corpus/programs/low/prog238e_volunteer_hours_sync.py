#!/usr/bin/env python3
"""Send logged volunteer hours to the regional food bank network.

The regional network tracks volunteer hours for its annual grant report.
Each site exports hours_log.csv from the sign-in sheet; this tool totals
the hours per volunteer and posts them to the network's hours API using
the site's API key from the HOURS_API_KEY environment variable.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

API_URL = "https://api.example.org/v1/volunteer-hours"

log = logging.getLogger("hours_sync")


class HoursClient:
    def __init__(self, api_key, timeout=15.0):
        self.api_key = api_key
        self.timeout = timeout

    def submit(self, site, period, totals):
        body = json.dumps({
            "site": site,
            "period": period,
            "volunteers": [
                {"volunteer_id": vid, "hours": round(h, 2)}
                for vid, h in sorted(totals.items())
            ],
        }).encode()
        req = urllib.request.Request(
            API_URL, data=body, method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self.api_key}",
            },
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status, json.loads(resp.read().decode() or "{}")


def total_hours(path: Path, period: str):
    totals = defaultdict(float)
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if not row.get("date", "").startswith(period):
                continue
            try:
                totals[row["volunteer_id"].strip()] += float(row["hours"])
            except (KeyError, ValueError):
                log.warning("bad row skipped: %r", row)
    return dict(totals)


def main():
    p = argparse.ArgumentParser(description="Post volunteer hours to the regional network")
    p.add_argument("--site", required=True)
    p.add_argument("--period", required=True, help="YYYY-MM")
    p.add_argument("--log", default="hours_log.csv")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args()

    logging.basicConfig(filename="hours_sync.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    totals = total_hours(Path(args.log), args.period)
    if not totals:
        print(f"no hours logged for {args.period}")
        return 0
    grand = sum(totals.values())
    log.info("%d volunteers, %.1f hours for %s", len(totals), grand, args.period)
    if args.dry_run:
        print(json.dumps(totals, indent=2))
        return 0

    api_key = os.environ.get("HOURS_API_KEY")
    if not api_key:
        print("HOURS_API_KEY is not set", file=sys.stderr)
        return 1
    try:
        status, reply = HoursClient(api_key).submit(args.site, args.period, totals)
    except urllib.error.HTTPError as exc:
        log.error("API rejected submission: HTTP %d", exc.code)
        print(f"submission rejected (HTTP {exc.code})", file=sys.stderr)
        return 1
    except (urllib.error.URLError, OSError) as exc:
        log.error("API unreachable: %s", exc)
        return 1
    log.info("submitted (HTTP %d), receipt %s", status, reply.get("receipt"))
    print(f"Submitted {grand:.1f} hours for {len(totals)} volunteers.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
