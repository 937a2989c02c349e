#!/usr/bin/env python3
"""Weekly ware and seed potato spot price digest.

Fetches the public price feeds, caches them in ./.cache keyed by URL so the
feeds are not hammered while the digest is being edited, and writes a
Markdown digest plus an e-mail draft (with the CSV attached) for the sales
team to send.
"""
import argparse
import base64
import csv
import hashlib
import io
import json
import logging
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("digest")

FEEDS = {
    "seed": "https://feeds.example.com/potato/seed/weekly.json",
    "ware": "https://feeds.example.com/potato/ware/weekly.json",
}
CACHE = Path(".cache/feeds")
MAX_AGE_S = 6 * 3600


def cache_path(url):
    key = hashlib.md5(url.encode(), usedforsecurity=False).hexdigest()
    return CACHE / f"{key}.json"


def fetch(url, refresh=False):
    path = cache_path(url)
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < MAX_AGE_S:
        log.debug("cache hit for %s", url)
        return json.loads(path.read_text())
    resp = requests.get(url, timeout=20, headers={"Accept": "application/json"})
    resp.raise_for_status()
    data = resp.json()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def rows_from(feed_name, data):
    for item in data.get("prices", []):
        try:
            yield {
                "feed": feed_name,
                "variety": item["variety"],
                "region": item.get("region", "-"),
                "low": float(item["low"]),
                "high": float(item["high"]),
            }
        except (KeyError, TypeError, ValueError):
            log.warning("skipping malformed %s entry: %r", feed_name, item)


def to_markdown(rows):
    lines = ["# Spot prices, week %s" % time.strftime("%V"), "",
             "| Feed | Variety | Region | Low £/t | High £/t |",
             "|---|---|---|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['feed']} | {r['variety']} | {r['region']} | {r['low']:.0f} | {r['high']:.0f} |")
    return "\n".join(lines) + "\n"


def to_csv(rows):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=["feed", "variety", "region", "low", "high"])
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


def email_draft(markdown, csv_text):
    return {
        "subject": "Spot price digest week " + time.strftime("%V"),
        "body": markdown,
        "attachments": [{
            "filename": "spot_prices.csv",
            "content_type": "text/csv",
            "content_b64": base64.b64encode(csv_text.encode()).decode(),
        }],
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    ap.add_argument("--out", type=Path, default=Path("digest"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rows = []
    for name, url in FEEDS.items():
        try:
            rows.extend(rows_from(name, fetch(url, args.refresh)))
        except requests.RequestException as exc:
            log.error("feed %s unavailable: %s", name, exc)
    if not rows:
        log.error("no prices collected")
        return 1
    rows.sort(key=lambda r: (r["feed"], r["variety"]))
    args.out.mkdir(exist_ok=True)
    md = to_markdown(rows)
    (args.out / "digest.md").write_text(md)
    (args.out / "email_draft.json").write_text(json.dumps(email_draft(md, to_csv(rows)), indent=2))
    log.info("digest with %d rows written to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
