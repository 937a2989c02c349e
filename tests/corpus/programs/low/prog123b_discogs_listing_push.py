#!/usr/bin/env python3
"""Push new vinyl stock from the shop inventory CSV to Discogs Marketplace.

Reads the weekly intake sheet, skips rows already listed (tracked in
listed.json), and creates For Sale listings through the Discogs API.
The personal access token is taken from DISCOGS_TOKEN.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

API_ROOT = "https://api.discogs.com"
USER_AGENT = "GroovesIntake/0.9 +https://grooves-records.local"
STATE_FILE = Path("listed.json")

CONDITION_MAP = {
    "M": "Mint (M)",
    "NM": "Near Mint (NM or M-)",
    "VG+": "Very Good Plus (VG+)",
    "VG": "Very Good (VG)",
    "G+": "Good Plus (G+)",
    "G": "Good (G)",
}

log = logging.getLogger("listing-push")


class DiscogsClient:
    def __init__(self, token, base=API_ROOT, pause=1.1):
        self.base = base
        self.pause = pause
        self.http = requests.Session()
        self.http.headers.update({
            "Authorization": f"Discogs token={token}",
            "User-Agent": USER_AGENT,
            "Content-Type": "application/json",
        })

    def create_listing(self, payload, retries=4):
        url = f"{self.base}/marketplace/listings"
        for attempt in range(1, retries + 1):
            resp = self.http.post(url, data=json.dumps(payload), timeout=30)
            if resp.status_code == 429:
                wait = int(resp.headers.get("Retry-After", 10))
                log.info("rate limited, sleeping %ss", wait)
                time.sleep(wait)
                continue
            if resp.status_code >= 500 and attempt < retries:
                time.sleep(2 * attempt)
                continue
            resp.raise_for_status()
            time.sleep(self.pause)
            return resp.json()
        raise RuntimeError(f"gave up after {retries} attempts")


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    tmp = STATE_FILE.with_suffix(".json.part")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
    tmp.replace(STATE_FILE)
    os.chmod(STATE_FILE, 0o600)


def rows_to_payloads(path, default_location):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            sku = row.get("sku", "").strip()
            release = row.get("discogs_release_id", "").strip()
            if not sku or not release.isdigit():
                log.debug("skipping incomplete row %r", row)
                continue
            yield sku, {
                "release_id": int(release),
                "condition": CONDITION_MAP.get(row.get("media", "VG").upper(), "Very Good (VG)"),
                "sleeve_condition": CONDITION_MAP.get(row.get("sleeve", "VG").upper(), "Very Good (VG)"),
                "price": float(row.get("price", "0") or 0),
                "comments": row.get("notes", "")[:255],
                "status": "For Sale",
                "location": row.get("bin") or default_location,
                "external_id": sku,
            }


def main(argv=None):
    ap = argparse.ArgumentParser(description="List intake sheet rows on Discogs")
    ap.add_argument("intake_csv")
    ap.add_argument("--location", default="Back room")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("DISCOGS_TOKEN")
    if not token and not args.dry_run:
        log.error("DISCOGS_TOKEN is not set")
        return 2

    client = DiscogsClient(token or "")
    state = load_state()
    pushed = 0
    for sku, payload in rows_to_payloads(args.intake_csv, args.location):
        if sku in state:
            continue
        if args.dry_run:
            print(json.dumps(payload))
            continue
        try:
            result = client.create_listing(payload)
        except (requests.RequestException, RuntimeError) as exc:
            log.error("failed to list %s: %s", sku, exc)
            continue
        state[sku] = result.get("listing_id")
        pushed += 1
        log.info("listed %s as %s", sku, state[sku])
        if args.limit and pushed >= args.limit:
            break
    if not args.dry_run:
        save_state(state)
    log.info("done, %d new listings", pushed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
