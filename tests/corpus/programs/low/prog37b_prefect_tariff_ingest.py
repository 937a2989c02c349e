#!/usr/bin/env python3
"""Prefect flow: pull daily electricity tariff data from the public grid API,
normalise it and land it as CSV partitions under ./lake/raw/tariffs.

Responses are cached on disk keyed by an MD5 of the request URL so that
re-runs during backfills do not hammer the upstream API.
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import time
from pathlib import Path
from urllib.parse import urlencode
from urllib.request import Request, urlopen

from prefect import flow, task, get_run_logger

API_BASE = "https://api.gridstats.example.org/v2/tariffs"
CACHE_DIR = Path(".cache/tariffs")
LAKE_DIR = Path("lake/raw/tariffs")
CACHE_TTL_SECONDS = 6 * 3600

log = logging.getLogger("tariff_ingest")


def _cache_key(url: str) -> str:
    # md5 is only used to derive a short, stable filename for the cache
    return hashlib.md5(url.encode("utf-8")).hexdigest()


def _read_cache(url: str) -> dict | None:
    path = CACHE_DIR / f"{_cache_key(url)}.json"
    if not path.exists():
        return None
    age = time.time() - path.stat().st_mtime
    if age > CACHE_TTL_SECONDS:
        return None
    with path.open("r", encoding="utf-8") as fh:
        return json.load(fh)


def _write_cache(url: str, payload: dict) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    path = CACHE_DIR / f"{_cache_key(url)}.json"
    path.write_text(json.dumps(payload), encoding="utf-8")


@task(retries=3, retry_delay_seconds=20)
def fetch_day(region: str, day: dt.date) -> dict:
    logger = get_run_logger()
    query = urlencode({"region": region, "date": day.isoformat(), "granularity": "hourly"})
    url = f"{API_BASE}?{query}"
    cached = _read_cache(url)
    if cached is not None:
        logger.info("cache hit for %s %s", region, day)
        return cached

    headers = {"Accept": "application/json", "User-Agent": "tariff-ingest/1.4"}
    api_key = os.environ.get("GRIDSTATS_API_KEY")
    if api_key:
        headers["X-Api-Key"] = api_key

    req = Request(url, headers=headers, method="GET")
    with urlopen(req, timeout=30) as resp:
        payload = json.loads(resp.read().decode("utf-8"))
    _write_cache(url, payload)
    logger.info("fetched %d rows for %s %s", len(payload.get("items", [])), region, day)
    return payload


@task
def normalise(payload: dict, region: str) -> list[dict]:
    rows = []
    for item in payload.get("items", []):
        try:
            rows.append(
                {
                    "region": region,
                    "ts_utc": item["timestamp"],
                    "price_eur_mwh": round(float(item["price"]), 4),
                    "currency": item.get("currency", "EUR"),
                    "source": "gridstats",
                }
            )
        except (KeyError, TypeError, ValueError) as exc:
            get_run_logger().warning("skipping malformed item %r: %s", item, exc)
    return rows


@task
def land_partition(rows: list[dict], region: str, day: dt.date) -> Path:
    part_dir = LAKE_DIR / f"region={region}" / f"dt={day.isoformat()}"
    part_dir.mkdir(parents=True, exist_ok=True)
    out = part_dir / "part-000.csv"
    fields = ["region", "ts_utc", "price_eur_mwh", "currency", "source"]
    with out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    os.chmod(out, 0o600)
    return out


@task
def prune_cache(max_age_days: int = 7) -> int:
    if not CACHE_DIR.exists():
        return 0
    cutoff = time.time() - max_age_days * 86400
    removed = 0
    for entry in CACHE_DIR.glob("*.json"):
        if entry.stat().st_mtime < cutoff:
            entry.unlink()
            removed += 1
    return removed


@flow(name="tariff-ingest")
def tariff_ingest(regions: list[str], start: dt.date, end: dt.date) -> None:
    logger = get_run_logger()
    day = start
    written = []
    while day <= end:
        for region in regions:
            payload = fetch_day(region, day)
            rows = normalise(payload, region)
            if rows:
                written.append(land_partition(rows, region, day))
        day += dt.timedelta(days=1)
    removed = prune_cache()
    logger.info("landed %d partitions, pruned %d cache files", len(written), removed)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--regions", default="DE,FR,NL")
    parser.add_argument("--start", type=dt.date.fromisoformat,
                        default=dt.date.today() - dt.timedelta(days=1))
    parser.add_argument("--end", type=dt.date.fromisoformat, default=dt.date.today())
    return parser.parse_args()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    args = parse_args()
    tariff_ingest([r.strip() for r in args.regions.split(",") if r.strip()], args.start, args.end)
