#!/usr/bin/env python3
"""Sync pickup requests from the hotel portal into the route planner.

Hotels book pickups and report short deliveries in the portal. This pulls
new requests, de-duplicates them against what we already imported, and
posts confirmations back so the hotel sees "scheduled" next to each one.
The API key comes from PORTAL_API_KEY and is only ever sent to the portal.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("portal-sync")

PORTAL = os.environ.get("PORTAL_BASE_URL", "https://portal.example.com/api/v3")
SEEN_FILE = Path("portal_seen.json")
TIMEOUT = 15


class PortalClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "laundry-portal-sync/2.1",
        })

    def pending_requests(self, since=None):
        params = {"status": "new"}
        if since:
            params["since"] = since
        resp = self.session.get(f"{self.base}/pickups", params=params, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json().get("items", [])

    def confirm(self, request_id, route, eta):
        body = {"status": "scheduled", "route": route, "eta": eta}
        resp = self.session.post(f"{self.base}/pickups/{request_id}/confirm",
                                 json=body, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()


def request_key(item):
    """Cache key for a request: same hotel, date and bag count means a duplicate."""
    raw = f"{item['hotel_code']}|{item['date']}|{item.get('bags', 0)}"
    return hashlib.md5(raw.encode()).hexdigest()


def load_seen():
    if SEEN_FILE.exists():
        return set(json.loads(SEEN_FILE.read_text(encoding="utf-8")))
    return set()


def save_seen(seen):
    SEEN_FILE.write_text(json.dumps(sorted(seen)), encoding="utf-8")
    os.chmod(SEEN_FILE, 0o600)


def assign_route(item, routes):
    return routes.get(item["hotel_code"], "UNASSIGNED")


def main():
    parser = argparse.ArgumentParser(description="Hotel portal pickup sync")
    parser.add_argument("--routes", default="routes.json", help="hotel -> route map")
    parser.add_argument("--since", help="only requests after this ISO timestamp")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("PORTAL_API_KEY")
    if not api_key:
        LOG.error("PORTAL_API_KEY is not set")
        sys.exit(2)

    routes = json.loads(Path(args.routes).read_text()) if Path(args.routes).exists() else {}
    client = PortalClient(PORTAL, api_key)
    seen = load_seen()

    try:
        items = client.pending_requests(args.since)
    except requests.RequestException as exc:
        LOG.error("could not fetch pickups: %s", exc)
        sys.exit(1)

    confirmed = skipped = 0
    for item in items:
        key = request_key(item)
        if key in seen:
            skipped += 1
            continue
        route = assign_route(item, routes)
        if args.dry_run:
            LOG.info("would confirm %s on %s", item["id"], route)
            continue
        try:
            client.confirm(item["id"], route, item.get("window", "AM"))
            seen.add(key)
            confirmed += 1
        except requests.RequestException as exc:
            LOG.warning("confirm failed for %s: %s", item["id"], exc)

    if not args.dry_run:
        save_seen(seen)
    LOG.info("%d confirmed, %d duplicates skipped", confirmed, skipped)


if __name__ == "__main__":
    main()
