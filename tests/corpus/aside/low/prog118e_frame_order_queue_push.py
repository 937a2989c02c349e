#!/usr/bin/env python3
"""Push pending framing order tickets from the counter queue to FrameDesk.

The counter app drops one JSON ticket per order into ./queue.  This script
validates each ticket, posts it to the FrameDesk orders endpoint and moves it
to ./queue/sent (or ./queue/rejected when the API refuses it).

Usage:
    FRAMEDESK_KEY=... python3 frame_order_queue_push.py [--queue DIR] [--dry-run]
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("order_push")

API_BASE = os.environ.get("FRAMEDESK_API", "https://api.framedesk.io/v2")
REQUIRED = ("ticket_no", "customer", "artwork_w_mm", "artwork_h_mm", "moulding", "due")


def load_ticket(path):
    with path.open(encoding="utf-8") as fh:
        ticket = json.load(fh)
    missing = [k for k in REQUIRED if k not in ticket]
    if missing:
        raise ValueError(f"missing fields: {', '.join(missing)}")
    ticket["artwork_w_mm"] = int(ticket["artwork_w_mm"])
    ticket["artwork_h_mm"] = int(ticket["artwork_h_mm"])
    return ticket


def post_ticket(session, ticket, retries=3):
    url = f"{API_BASE}/orders"
    for attempt in range(1, retries + 1):
        try:
            resp = session.post(url, json=ticket, timeout=15)
        except requests.RequestException as exc:
            log.warning("ticket %s attempt %d failed: %s", ticket["ticket_no"], attempt, exc)
            time.sleep(2 * attempt)
            continue
        if resp.status_code in (200, 201):
            return True, resp.json().get("id")
        if 400 <= resp.status_code < 500:
            return False, resp.text[:200]
        time.sleep(2 * attempt)
    return False, "retries exhausted"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queue", default="queue", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("FRAMEDESK_KEY")
    if not api_key:
        log.error("FRAMEDESK_KEY is not set")
        return 2

    sent_dir = args.queue / "sent"
    rejected_dir = args.queue / "rejected"
    for d in (sent_dir, rejected_dir):
        d.mkdir(parents=True, exist_ok=True)

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}",
                            "User-Agent": "framedesk-sync/2.3.1"})

    ok = bad = 0
    for path in sorted(args.queue.glob("*.json")):
        try:
            ticket = load_ticket(path)
        except (ValueError, json.JSONDecodeError) as exc:
            log.error("%s: %s", path.name, exc)
            path.rename(rejected_dir / path.name)
            bad += 1
            continue
        if args.dry_run:
            log.info("would post %s (%s)", ticket["ticket_no"], ticket["customer"])
            continue
        success, info = post_ticket(session, ticket)
        if success:
            log.info("posted %s -> %s", ticket["ticket_no"], info)
            path.rename(sent_dir / path.name)
            ok += 1
        else:
            log.error("rejected %s: %s", ticket["ticket_no"], info)
            path.rename(rejected_dir / path.name)
            bad += 1
    log.info("done: %d posted, %d rejected", ok, bad)
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
