#!/usr/bin/env python3
"""Post a nightly ticket sales summary to the union ticketing API.

Reads the box office export (ticket_sales.csv in the working directory),
totals sales per event and ticket type, and posts the summary as JSON to
the ticketing platform so the events team dashboard is up to date.

The API key is taken from TICKETS_API_KEY and is only ever sent to the
ticketing API host.
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
from datetime import date

API_BASE = "https://api.tickets.example.com/v1"
log = logging.getLogger("sales_summary")


class SummaryError(Exception):
    pass


def load_sales(path: str) -> dict:
    totals = defaultdict(lambda: {"sold": 0, "revenue_pence": 0, "types": defaultdict(int)})
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            event = row.get("event_id", "").strip()
            if not event:
                continue
            try:
                qty = int(row.get("quantity") or 0)
                pence = int(row.get("price_pence") or 0)
            except ValueError:
                log.warning("skipping malformed row for %s", event)
                continue
            if row.get("status", "paid") != "paid":
                continue
            t = totals[event]
            t["sold"] += qty
            t["revenue_pence"] += qty * pence
            t["types"][row.get("ticket_type", "standard")] += qty
    return totals


def build_payload(totals: dict, day: str) -> dict:
    events = []
    for event_id, t in sorted(totals.items()):
        events.append({
            "event_id": event_id,
            "sold": t["sold"],
            "revenue_pence": t["revenue_pence"],
            "by_type": dict(t["types"]),
        })
    return {"date": day, "source": "box-office-export", "events": events}


def api_request(method: str, path: str, key: str, body=None, timeout=15):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(API_BASE + path, data=data, method=method)
    req.add_header("Authorization", f"Bearer {key}")
    req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return json.loads(resp.read() or b"{}")
    except urllib.error.HTTPError as exc:
        raise SummaryError(f"{method} {path} -> HTTP {exc.code}") from exc
    except urllib.error.URLError as exc:
        raise SummaryError(f"{method} {path} failed: {exc.reason}") from exc


def main() -> int:
    parser = argparse.ArgumentParser(description="Post nightly ticket sales summary")
    parser.add_argument("--csv", default="ticket_sales.csv")
    parser.add_argument("--date", default=date.today().isoformat())
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("TICKETS_API_KEY")
    if not key and not args.dry_run:
        log.error("TICKETS_API_KEY is not set")
        return 2

    try:
        totals = load_sales(args.csv)
    except FileNotFoundError:
        log.error("no export found at %s", args.csv)
        return 2
    payload = build_payload(totals, args.date)
    log.info("summary covers %d events", len(payload["events"]))

    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    try:
        status = api_request("GET", "/status", key)
        log.info("API status: %s", status.get("state", "unknown"))
        result = api_request("POST", "/summaries", key, payload)
    except SummaryError as exc:
        log.error("%s", exc)
        return 1
    log.info("posted summary, id=%s", result.get("id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
