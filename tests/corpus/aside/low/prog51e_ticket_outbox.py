#!/usr/bin/env python3
"""Outbox for support-desk tickets.

``enqueue`` turns a local CSV export into one JSON file per ticket under
./outbox/pending.  ``flush`` later posts each queued ticket to the desk API,
authenticating with DESK_API_TOKEN, and moves it to ./outbox/sent.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

log = logging.getLogger("outbox")

OUTBOX = Path("outbox")
PENDING = OUTBOX / "pending"
SENT = OUTBOX / "sent"
API_BASE = os.environ.get("DESK_API_URL", "https://api.helpdesk.example.com/v2")


def enqueue(csv_path):
    PENDING.mkdir(parents=True, exist_ok=True)
    count = 0
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            ticket = {
                "subject": row.get("subject", "").strip()[:200],
                "body": row.get("body", ""),
                "priority": row.get("priority", "normal"),
                "requester": row.get("email"),
            }
            if not ticket["subject"]:
                continue
            (PENDING / f"{uuid.uuid4().hex}.json").write_text(json.dumps(ticket))
            count += 1
    log.info("queued %d tickets", count)


def _post(ticket, token):
    req = urllib.request.Request(
        f"{API_BASE}/tickets",
        data=json.dumps(ticket).encode("utf-8"),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=15) as resp:
        return json.load(resp)


def flush(max_retries):
    token = os.environ.get("DESK_API_TOKEN")
    if not token:
        sys.exit("DESK_API_TOKEN is not set")
    SENT.mkdir(parents=True, exist_ok=True)
    for item in sorted(PENDING.glob("*.json")):
        ticket = json.loads(item.read_text())
        for attempt in range(1, max_retries + 1):
            try:
                created = _post(ticket, token)
                log.info("%s -> ticket #%s", item.name, created.get("id"))
                item.rename(SENT / item.name)
                break
            except urllib.error.HTTPError as exc:
                if exc.code < 500:
                    log.error("%s rejected (%s), leaving in queue", item.name, exc.code)
                    break
                log.warning("server error %s, retry %d", exc.code, attempt)
            except urllib.error.URLError as exc:
                log.warning("network error %s, retry %d", exc.reason, attempt)
            time.sleep(2 ** attempt)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("enqueue")
    e.add_argument("csv")
    f = sub.add_parser("flush")
    f.add_argument("--retries", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.cmd == "enqueue":
        enqueue(args.csv)
    else:
        flush(args.retries)


if __name__ == "__main__":
    main()
