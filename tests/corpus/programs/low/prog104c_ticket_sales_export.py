#!/usr/bin/env python3
"""Export ticket sales from the box-office platform for the finance team.

Pulls every order for a season (or since a given date), flattens them to one
row per ticket and writes a CSV the finance spreadsheet imports directly.
Also prints a per-performance summary so the concert manager can eyeball
house sizes before the board meeting.

Configuration comes from the environment:
    BOXOFFICE_API      base URL of the box-office REST API
    BOXOFFICE_API_KEY  read-only reporting key
"""
import argparse
import collections
import csv
import datetime as dt
import logging
import os
import sys
import time

import requests

API_BASE = os.environ.get("BOXOFFICE_API", "https://api.boxoffice.example/v3").rstrip("/")
PAGE_SIZE = 200
FIELDS = [
    "order_id", "ordered_at", "performance", "performance_date", "zone", "seat",
    "price_band", "price", "fee", "patron_name", "patron_email", "postcode", "channel",
]

log = logging.getLogger("ticket_export")


def make_session() -> requests.Session:
    key = os.environ.get("BOXOFFICE_API_KEY")
    if not key:
        raise SystemExit("BOXOFFICE_API_KEY is not set")
    s = requests.Session()
    s.headers.update({"Authorization": f"Bearer {key}", "Accept": "application/json"})
    return s


def fetch_orders(session: requests.Session, season: str, since: str | None):
    """Yield orders page by page, backing off politely on 429s."""
    params = {"season": season, "per_page": PAGE_SIZE, "page": 1}
    if since:
        params["updated_since"] = since
    while True:
        for attempt in range(5):
            resp = session.get(f"{API_BASE}/orders", params=params, timeout=30)
            if resp.status_code != 429:
                break
            wait = int(resp.headers.get("Retry-After", 2 ** attempt))
            log.info("rate limited, waiting %ss", wait)
            time.sleep(wait)
        resp.raise_for_status()
        body = resp.json()
        yield from body.get("orders", [])
        if not body.get("next_page"):
            return
        params["page"] = body["next_page"]


def flatten(order: dict):
    patron = order.get("patron") or {}
    for ticket in order.get("tickets", []):
        perf = ticket.get("performance", {})
        yield {
            "order_id": order["id"],
            "ordered_at": order.get("created_at", ""),
            "performance": perf.get("title", ""),
            "performance_date": perf.get("starts_at", "")[:10],
            "zone": ticket.get("zone", ""),
            "seat": ticket.get("seat", ""),
            "price_band": ticket.get("price_band", ""),
            "price": f"{ticket.get('price', 0) / 100:.2f}",
            "fee": f"{ticket.get('fee', 0) / 100:.2f}",
            "patron_name": " ".join(filter(None, [patron.get("first_name"), patron.get("last_name")])),
            "patron_email": patron.get("email", ""),
            "postcode": patron.get("postcode", ""),
            "channel": order.get("channel", "web"),
        }


def write_csv(rows: list[dict], path: str) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %d rows to %s", len(rows), path)


def summarise(rows: list[dict]) -> None:
    by_perf = collections.defaultdict(lambda: [0, 0.0])
    for r in rows:
        key = (r["performance_date"], r["performance"])
        by_perf[key][0] += 1
        by_perf[key][1] += float(r["price"])
    print(f"{'date':<11} {'performance':<40} {'tickets':>8} {'gross':>10}")
    for (date, title), (count, gross) in sorted(by_perf.items()):
        print(f"{date:<11} {title[:40]:<40} {count:>8} {gross:>10.2f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Export box-office ticket sales to CSV")
    ap.add_argument("--season", required=True, help="season code, e.g. 2024-25")
    ap.add_argument("--since", help="only orders updated since YYYY-MM-DD")
    ap.add_argument("-o", "--output", help="CSV path (default: sales_<season>_<today>.csv)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    out = args.output or f"sales_{args.season}_{dt.date.today():%Y%m%d}.csv"
    try:
        session = make_session()
        rows = [row for order in fetch_orders(session, args.season, args.since) for row in flatten(order)]
    except requests.RequestException as exc:
        log.error("box-office API failed: %s", exc)
        return 1
    if not rows:
        log.warning("no orders found for season %s", args.season)
        return 0
    write_csv(rows, out)
    if not args.quiet:
        summarise(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
