#!/usr/bin/env python3
"""Wire feed poller for the assignment desk.

Polls the internal wire aggregator (agency copy re-published by the
station's wire gateway) and writes new items into a local folder as JSON,
one file per story, so the assignment desk's board picks them up. Keeps a
small seen-list so items are written only once.

The wire gateway uses a self-signed certificate from the old broadcast
engineering CA.

Usage:
    prog234b_wire_feed_poller.py --out ./wires [--interval 60] [--once]
"""

import argparse
import json
import logging
import re
import sys
import time
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("wire-poller")

FEED_URL = "https://wiregw.example.org/api/v2/items"
SEEN_FILE = Path("wire_seen.json")
PRIORITY_WORDS = ("URGENT", "FLASH", "BULLETIN")

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def slugify(text, limit=48):
    slug = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()
    return slug[:limit] or "untitled"


class SeenList:
    def __init__(self, path, keep=5000):
        self.path = path
        self.keep = keep
        self.ids = []
        if path.exists():
            try:
                self.ids = json.loads(path.read_text(encoding="utf-8"))
            except json.JSONDecodeError:
                LOG.warning("seen list corrupt, starting fresh")

    def __contains__(self, item_id):
        return item_id in self.ids

    def add(self, item_id):
        self.ids.append(item_id)
        self.ids = self.ids[-self.keep:]

    def save(self):
        self.path.write_text(json.dumps(self.ids), encoding="utf-8")


def fetch_items(session, url, since=None):
    params = {"limit": 100}
    if since:
        params["since"] = since
    resp = session.get(url, params=params, timeout=20, verify=False)
    resp.raise_for_status()
    return resp.json().get("items", [])


def write_item(out_dir, item):
    headline = item.get("headline", "")
    priority = any(word in headline.upper() for word in PRIORITY_WORDS)
    name = "%s_%s.json" % (item.get("published", "0")[:16].replace(":", ""), slugify(headline))
    record = {
        "id": item["id"],
        "agency": item.get("agency", "unknown"),
        "headline": headline,
        "body": item.get("body", ""),
        "published": item.get("published"),
        "priority": priority,
    }
    (out_dir / name).write_text(json.dumps(record, indent=2), encoding="utf-8")
    if priority:
        LOG.warning("PRIORITY item: %s", headline)
    return name


def poll_once(session, out_dir, seen):
    items = fetch_items(session, FEED_URL)
    new = 0
    for item in items:
        if "id" not in item or item["id"] in seen:
            continue
        name = write_item(out_dir, item)
        seen.add(item["id"])
        new += 1
        LOG.info("new item %s", name)
    seen.save()
    return new


def main():
    ap = argparse.ArgumentParser(description="Poll the wire gateway")
    ap.add_argument("--out", default="wires")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    seen = SeenList(SEEN_FILE)
    session = requests.Session()
    session.headers["User-Agent"] = "assignment-desk-poller/1.3"

    while True:
        try:
            n = poll_once(session, out_dir, seen)
            LOG.info("poll done, %d new item(s)", n)
        except requests.RequestException as exc:
            LOG.error("wire gateway error: %s", exc)
        except ValueError as exc:
            LOG.error("bad response from gateway: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
