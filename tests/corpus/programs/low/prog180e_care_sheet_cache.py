#!/usr/bin/env python3
"""Fetch species care sheets for the sales floor and cache them locally.

Staff print these for customers buying a new animal.  Sheets come from the
care-sheet API as JSON; we cache each response on disk keyed by an MD5 of
the URL so the tablet still works when the Wi-Fi drops.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import requests

LOG = logging.getLogger("caresheets")

API_BASE = os.environ.get("CARESHEET_API", "https://api.example.com/caresheets/v2")
CACHE_DIR = Path("cache/caresheets")
MAX_AGE = 7 * 24 * 3600


def cache_path(url: str) -> Path:
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.json"


def get_sheet(species: str, refresh: bool = False) -> dict:
    url = f"{API_BASE}/{species.lower().replace(' ', '-')}"
    path = cache_path(url)
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < MAX_AGE:
        LOG.debug("cache hit %s", path)
        return json.loads(path.read_text())

    try:
        resp = requests.get(url, timeout=10, headers={"Accept": "application/json"})
        resp.raise_for_status()
        sheet = resp.json()
    except requests.RequestException as exc:
        if path.exists():
            LOG.warning("network error (%s); using stale cache", exc)
            return json.loads(path.read_text())
        raise

    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(sheet, indent=2))
    return sheet


def render(sheet: dict) -> str:
    lines = [
        sheet.get("common_name", "Unknown species"),
        f"({sheet.get('scientific_name', '')})",
        "",
        f"Adult size:     {sheet.get('adult_size', 'n/a')}",
        f"Lifespan:       {sheet.get('lifespan', 'n/a')}",
        f"Day temp:       {sheet.get('temp_day', 'n/a')}",
        f"Night temp:     {sheet.get('temp_night', 'n/a')}",
        f"Humidity:       {sheet.get('humidity', 'n/a')}",
        f"UVB:            {sheet.get('uvb', 'n/a')}",
        f"Diet:           {sheet.get('diet', 'n/a')}",
        "",
    ]
    for tip in sheet.get("tips", []):
        lines.append(f" - {tip}")
    return "\n".join(lines)


def prune_cache() -> int:
    removed = 0
    if not CACHE_DIR.exists():
        return 0
    for p in CACHE_DIR.glob("*.json"):
        if time.time() - p.stat().st_mtime > 4 * MAX_AGE:
            p.unlink()
            removed += 1
    return removed


def main():
    parser = argparse.ArgumentParser(description="Print reptile care sheets")
    parser.add_argument("species", nargs="+", help='e.g. "leopard gecko" "ball python"')
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--out", type=Path, help="write sheets to this folder")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    LOG.debug("pruned %d old cache files", prune_cache())
    for name in args.species:
        try:
            text = render(get_sheet(name, args.refresh))
        except requests.RequestException as exc:
            LOG.error("could not fetch %s: %s", name, exc)
            continue
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{name.replace(' ', '_')}.txt").write_text(text)
        else:
            print(text)
            print("=" * 40)


if __name__ == "__main__":
    main()
