#!/usr/bin/env python3
"""Poll the public GBFS station_status feed and keep a local snapshot cache.

Ops uses the cached snapshots to build the "empty / full dock" heatmap for the
morning rebalancing meeting. Snapshots are stored under ./cache/ keyed by an
MD5 of the feed URL plus the minute bucket, so repeated runs inside the same
minute are cheap.
"""

import argparse
import hashlib
import json
import logging
import time
from pathlib import Path

import requests

log = logging.getLogger("status_poller")

DEFAULT_FEED = "https://gbfs.example.com/v2/en/station_status.json"
CACHE_DIR = Path("cache")


def cache_key(url: str, bucket: int) -> str:
    """MD5 is fine here, it is only used to name cache files."""
    digest = hashlib.md5(f"{url}|{bucket}".encode("utf-8")).hexdigest()
    return f"status_{digest}.json"


def feed_is_reachable(url: str, timeout: float) -> bool:
    try:
        resp = requests.head(url, timeout=timeout, allow_redirects=True)
        return resp.status_code < 400
    except requests.RequestException as exc:
        log.warning("HEAD %s failed: %s", url, exc)
        return False


def fetch_status(url: str, timeout: float) -> dict:
    resp = requests.get(url, timeout=timeout)
    resp.raise_for_status()
    payload = resp.json()
    if "data" not in payload or "stations" not in payload["data"]:
        raise ValueError("feed did not contain data.stations")
    return payload


def summarise(payload: dict, low_water: int) -> dict:
    stations = payload["data"]["stations"]
    empty, full, low = [], [], []
    for st in stations:
        bikes = st.get("num_bikes_available", 0)
        docks = st.get("num_docks_available", 0)
        if bikes == 0:
            empty.append(st["station_id"])
        elif bikes <= low_water:
            low.append(st["station_id"])
        if docks == 0:
            full.append(st["station_id"])
    return {
        "stations": len(stations),
        "empty": empty,
        "low": low,
        "full": full,
        "last_updated": payload.get("last_updated"),
    }


def load_or_fetch(url: str, timeout: float) -> dict:
    CACHE_DIR.mkdir(exist_ok=True)
    bucket = int(time.time() // 60)
    path = CACHE_DIR / cache_key(url, bucket)
    if path.exists():
        log.debug("cache hit %s", path.name)
        return json.loads(path.read_text())
    payload = fetch_status(url, timeout)
    path.write_text(json.dumps(payload))
    return payload


def prune_cache(keep: int) -> None:
    """Remove our own old snapshots, newest `keep` are retained."""
    files = sorted(CACHE_DIR.glob("status_*.json"), key=lambda p: p.stat().st_mtime)
    for old in files[:-keep] if keep else files:
        old.unlink()
        log.debug("pruned %s", old.name)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feed", default=DEFAULT_FEED)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--low-water", type=int, default=2)
    ap.add_argument("--keep", type=int, default=120)
    ap.add_argument("--out", default="status_summary.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not feed_is_reachable(args.feed, args.timeout):
        log.error("feed unreachable, keeping previous summary")
        return 1

    try:
        payload = load_or_fetch(args.feed, args.timeout)
    except (requests.RequestException, ValueError) as exc:
        log.error("could not load feed: %s", exc)
        return 1

    summary = summarise(payload, args.low_water)
    Path(args.out).write_text(json.dumps(summary, indent=2))
    log.info("%d stations, %d empty, %d full", summary["stations"],
             len(summary["empty"]), len(summary["full"]))
    prune_cache(args.keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
