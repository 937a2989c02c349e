#!/usr/bin/env python3
"""Blast notice publisher.

Reads the blast schedule (CSV exported from the drill-and-blast planner)
and posts each upcoming blast to the community notification service, so
neighbours get an SMS/email before the siren. A receipt file records
which blasts were already announced so reruns do not double-notify.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
import tempfile
import urllib.error
import urllib.request

log = logging.getLogger("blast-notice")

API_URL = "https://notify.example.com/v2/blast-notices"
RECEIPTS = "./announced.json"


def load_schedule(path, horizon_hours):
    now = dt.datetime.now()
    upcoming = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                when = dt.datetime.fromisoformat(row["planned_time"])
            except (KeyError, ValueError):
                log.warning("bad row skipped: %s", row)
                continue
            if now <= when <= now + dt.timedelta(hours=horizon_hours):
                upcoming.append({"blast_id": row["blast_id"], "bench": row.get("bench", ""),
                                 "planned_time": when.isoformat(timespec="minutes"),
                                 "exclusion_m": int(row.get("exclusion_m", 500))})
    return upcoming


def load_receipts():
    try:
        with open(RECEIPTS) as fh:
            return set(json.load(fh))
    except (OSError, ValueError):
        return set()


def save_receipts(ids):
    # write atomically next to the target so a crash never leaves half a file
    fd, tmp = tempfile.mkstemp(prefix=".announced-", dir=".")
    with os.fdopen(fd, "w") as fh:
        json.dump(sorted(ids), fh)
    os.chmod(tmp, 0o600)
    os.replace(tmp, RECEIPTS)


class NoticeClient:
    def __init__(self, api_key, site_code):
        self.api_key = api_key
        self.site_code = site_code

    def post(self, notice):
        body = dict(notice, site=self.site_code)
        req = urllib.request.Request(
            API_URL, data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json", "X-Api-Key": self.api_key})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return json.load(resp).get("notice_id")


def main():
    ap = argparse.ArgumentParser(description="Announce upcoming blasts to neighbours")
    ap.add_argument("schedule", help="blast schedule CSV")
    ap.add_argument("--hours", type=int, default=48, help="look-ahead window")
    ap.add_argument("--site", default=os.environ.get("QUARRY_SITE", "Q-0000"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("NOTIFY_API_KEY")
    if not api_key and not args.dry_run:
        log.error("NOTIFY_API_KEY is not set")
        return 2

    done = load_receipts()
    todo = [b for b in load_schedule(args.schedule, args.hours) if b["blast_id"] not in done]
    log.info("%d blast(s) to announce", len(todo))

    client = NoticeClient(api_key, args.site)
    for blast in todo:
        if args.dry_run:
            print(json.dumps(blast))
            continue
        try:
            nid = client.post(blast)
            done.add(blast["blast_id"])
            log.info("announced %s as %s", blast["blast_id"], nid)
        except urllib.error.HTTPError as exc:
            log.error("%s rejected: %s", blast["blast_id"], exc.code)
        except OSError as exc:
            log.error("network error: %s", exc)
            break

    if not args.dry_run:
        save_receipts(done)
    return 0


if __name__ == "__main__":
    sys.exit(main())
