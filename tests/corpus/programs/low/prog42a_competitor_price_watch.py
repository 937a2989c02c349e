#!/usr/bin/env python3
"""Check competitor shelf prices for a watch-list of SKUs and write a diff report.

Responses are cached in ./.pricecache keyed by an MD5 of the URL so repeated
runs during the same day do not hammer the competitor sites.
"""
import argparse
import csv
import hashlib
import json
import logging
import re
import ssl
import time
import urllib.request
from pathlib import Path

CACHE_DIR = Path(".pricecache")
CACHE_TTL = 6 * 3600
PRICE_RE = re.compile(r'itemprop="price"\s+content="([0-9]+(?:\.[0-9]{1,2})?)"')
UA = "StorePriceWatch/1.4 (+ops@cornerstreet.example)"

logger = logging.getLogger("pricewatch")


def cache_path(url: str) -> Path:
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".html")


def fetch(url: str, timeout: float) -> str:
    cached = cache_path(url)
    if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
        return cached.read_text(encoding="utf-8", errors="replace")
    ctx = ssl.create_default_context()
    req = urllib.request.Request(url, headers={"User-Agent": UA})
    with urllib.request.urlopen(req, timeout=timeout, context=ctx) as resp:
        body = resp.read().decode(resp.headers.get_content_charset() or "utf-8", "replace")
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(body, encoding="utf-8")
    return body


def extract_price(html: str):
    m = PRICE_RE.search(html)
    return float(m.group(1)) if m else None


def load_watchlist(path: Path):
    with path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    for sku, info in data.items():
        yield sku, float(info["our_price"]), info.get("competitors", {})


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--watchlist", type=Path, default=Path("watchlist.json"))
    p.add_argument("--report", type=Path, default=Path("price_report.csv"))
    p.add_argument("--timeout", type=float, default=10.0)
    p.add_argument("--threshold", type=float, default=0.05, help="relative gap to flag")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rows = []
    for sku, ours, competitors in load_watchlist(args.watchlist):
        for name, url in competitors.items():
            try:
                theirs = extract_price(fetch(url, args.timeout))
            except OSError as exc:
                logger.warning("%s/%s: fetch failed (%s)", sku, name, exc)
                continue
            if theirs is None:
                logger.info("%s/%s: no price markup found", sku, name)
                continue
            gap = (ours - theirs) / theirs if theirs else 0.0
            rows.append({"sku": sku, "competitor": name, "ours": ours,
                         "theirs": theirs, "gap_pct": round(gap * 100, 1),
                         "flag": "UNDERCUT" if gap > args.threshold else ""})

    with args.report.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["sku", "competitor", "ours", "theirs", "gap_pct", "flag"])
        w.writeheader()
        w.writerows(rows)
    flagged = sum(1 for r in rows if r["flag"])
    logger.info("wrote %d rows (%d flagged) to %s", len(rows), flagged, args.report)


if __name__ == "__main__":
    main()
