#!/usr/bin/env python3
"""Post this week's new titles to the discovery layer's featured-list API.

Reads new_titles.csv (produced by the acquisitions report) and posts the
list to the discovery platform so the "New this week" carousel updates. The
API key comes from DISCOVERY_API_KEY and is sent only to the discovery API.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

API_BASE = "https://api.discovery.example.org/v2"
STATE_FILE = Path(".last_push.json")

log = logging.getLogger("push-new-titles")


class DiscoveryClient:
    def __init__(self, base, key, timeout=30):
        self.base = base.rstrip("/")
        self.key = key
        self.timeout = timeout

    def post_list(self, list_id, items):
        body = json.dumps({"list_id": list_id, "items": items}).encode()
        req = urllib.request.Request(
            f"{self.base}/featured-lists/{list_id}/items",
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self.key}",
            },
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)


def load_titles(path, limit):
    items = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            isbn = (row.get("isbn") or "").replace("-", "").strip()
            if not isbn:
                continue
            items.append({
                "isbn": isbn,
                "title": row.get("title", "").strip(),
                "record_id": row.get("record_id", "").strip(),
            })
            if len(items) >= limit:
                break
    return items


def save_state(result, count):
    STATE_FILE.write_text(json.dumps({"count": count, "version": result.get("version")}))
    os.chmod(STATE_FILE, 0o600)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("csv", type=Path, nargs="?", default=Path("new_titles.csv"))
    p.add_argument("--list-id", default="new-this-week")
    p.add_argument("--limit", type=int, default=40)
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    key = os.environ.get("DISCOVERY_API_KEY")
    if not key and not args.dry_run:
        log.error("DISCOVERY_API_KEY is not set")
        return 2
    if not args.csv.is_file():
        log.error("no input file %s", args.csv)
        return 2

    items = load_titles(args.csv, args.limit)
    log.info("%d titles to publish to %s", len(items), args.list_id)
    if args.dry_run:
        print(json.dumps(items, indent=2))
        return 0

    client = DiscoveryClient(API_BASE, key)
    try:
        result = client.post_list(args.list_id, items)
    except urllib.error.HTTPError as exc:
        log.error("discovery API returned %s: %s", exc.code, exc.reason)
        return 1
    except urllib.error.URLError as exc:
        log.error("discovery API unreachable: %s", exc.reason)
        return 1
    save_state(result, len(items))
    log.info("published; list version %s", result.get("version"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
