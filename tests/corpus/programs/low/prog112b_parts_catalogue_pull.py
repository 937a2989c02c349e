#!/usr/bin/env python3
"""Pull the supplier parts catalogue (movements, crystals, mainsprings,
gaskets, crowns) and write it out as CSV files the bench terminals read.

Usage:
    parts_catalogue_pull.py --config catalogue.ini --out ./catalogue
    parts_catalogue_pull.py --category mainsprings --category crystals

The supplier token is read from PARTS_API_TOKEN and is only ever sent to
the catalogue base_url configured below.
"""
import argparse
import configparser
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("catalogue")

DEFAULT_CONFIG = {
    "base_url": "https://api.horoparts.example/v2",
    "page_size": "200",
    "timeout": "20",
    "retries": "3",
    "categories": "movements,crystals,mainsprings,gaskets,crowns,hands",
}

FIELDS = ["sku", "calibre", "category", "description",
          "diameter_mm", "height_mm", "price", "currency", "stock"]


def load_config(path):
    cp = configparser.ConfigParser()
    cp["catalogue"] = DEFAULT_CONFIG
    if path and Path(path).exists():
        cp.read(path)
        log.debug("read config from %s", path)
    return cp["catalogue"]


def fetch_json(url, timeout, retries, token=None):
    headers = {"Accept": "application/json", "User-Agent": "bench-catalogue/1.4"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, headers=headers)
    delay = 1.5
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.load(resp)
        except (urllib.error.URLError, TimeoutError) as exc:
            log.warning("attempt %d/%d for %s failed: %s", attempt, retries, url, exc)
            if attempt == retries:
                raise
            time.sleep(delay)
            delay *= 2
    return {}


def iter_parts(cfg, category, token):
    page = 1
    while True:
        query = urllib.parse.urlencode(
            {"category": category, "page": page, "per_page": cfg["page_size"]})
        url = f"{cfg['base_url'].rstrip('/')}/parts?{query}"
        data = fetch_json(url, cfg.getint("timeout"), cfg.getint("retries"), token)
        for item in data.get("items", []):
            yield item
        nxt = data.get("next_page")
        if not nxt:
            break
        page = nxt


def normalise(item, category):
    dims = item.get("dimensions") or {}
    price = item.get("price") or {}
    return {
        "sku": str(item.get("sku", "")).strip().upper(),
        "calibre": item.get("calibre") or "",
        "category": category,
        "description": " ".join(str(item.get("description", "")).split()),
        "diameter_mm": dims.get("diameter", ""),
        "height_mm": dims.get("height", ""),
        "price": price.get("amount", ""),
        "currency": price.get("currency", "EUR"),
        "stock": item.get("stock", 0),
    }


def write_csv(rows, path):
    tmp = path.with_suffix(".csv.part")
    with tmp.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    tmp.replace(path)


def sync(cfg, categories, out_dir, token):
    counts = {}
    for category in categories:
        rows = []
        try:
            for item in iter_parts(cfg, category, token):
                rows.append(normalise(item, category))
        except urllib.error.URLError as exc:
            log.error("giving up on %s: %s", category, exc)
            counts[category] = None
            continue
        rows.sort(key=lambda r: (r["calibre"], r["sku"]))
        write_csv(rows, out_dir / f"{category}.csv")
        counts[category] = len(rows)
        log.info("%-12s %5d parts", category, len(rows))
    return counts


def main(argv=None):
    ap = argparse.ArgumentParser(description="Pull supplier parts catalogue to CSV")
    ap.add_argument("--config", default="catalogue.ini")
    ap.add_argument("--out", default="catalogue")
    ap.add_argument("--category", action="append",
                    help="limit to one category (repeatable)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    token = os.environ.get("PARTS_API_TOKEN")
    if not token:
        log.error("PARTS_API_TOKEN is not set")
        return 2

    categories = args.category or [c.strip() for c in cfg["categories"].split(",") if c.strip()]
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)

    counts = sync(cfg, categories, out_dir, token)
    (out_dir / "last_sync.json").write_text(
        json.dumps({"at": time.strftime("%Y-%m-%dT%H:%M:%S"), "counts": counts}, indent=2))
    failed = [c for c, n in counts.items() if n is None]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
