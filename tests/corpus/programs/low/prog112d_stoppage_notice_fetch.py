#!/usr/bin/env python3
"""Fetch navigation stoppage notices for the routes our hire boats cruise.

Pulls the trust's public stoppage/closure notices feed for each waterway in
routes.json, caches the responses in ./cache (keyed on URL + query), and
writes a plain-text briefing that the hire-base staff print and hand to
customers at boat handover.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("stoppages")

FEED = "https://api.waterwaystrust.example/public/v1/notices"
CACHE_DIR = Path("cache")
CACHE_TTL = 30 * 60


def cache_key(url, params):
    raw = url + "?" + "&".join(f"{k}={params[k]}" for k in sorted(params))
    return hashlib.md5(raw.encode()).hexdigest()


def get_json(session, url, params, timeout=15):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / f"{cache_key(url, params)}.json"
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    for attempt in range(3):
        try:
            resp = session.get(url, params=params, timeout=timeout)
            resp.raise_for_status()
            data = resp.json()
            break
        except (requests.RequestException, ValueError) as exc:
            log.warning("fetch %s failed (%s), attempt %d", params, exc, attempt + 1)
            time.sleep(2 * (attempt + 1))
    else:
        if path.exists():
            log.warning("using stale cache for %s", params)
            return json.loads(path.read_text())
        raise RuntimeError(f"no data for {params}")
    path.write_text(json.dumps(data))
    os.chmod(path, 0o600)
    return data


def load_routes(path):
    with open(path) as fh:
        return json.load(fh)["waterways"]


def relevant(notice, start, end):
    n_start = dt.date.fromisoformat(notice["start"][:10])
    n_end = dt.date.fromisoformat(notice.get("end", "2999-12-31")[:10])
    return n_start <= end and n_end >= start


def format_briefing(base, start, end, by_waterway):
    lines = [f"{base} - stoppages {start:%d %b} to {end:%d %b %Y}", "=" * 60]
    for waterway, notices in by_waterway.items():
        lines.append(f"\n{waterway}")
        if not notices:
            lines.append("  no stoppages notified")
        for n in notices:
            lines.append(f"  [{n['type'].upper()}] {n['title']}")
            lines.append(f"     {n['start'][:10]} to {n.get('end', 'further notice')[:10]}"
                         f" at {n.get('location', '?')}")
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--routes", default="routes.json")
    ap.add_argument("--base", default="Braunston")
    ap.add_argument("--days", type=int, default=14, help="hire length to cover")
    ap.add_argument("--out", default="stoppage_briefing.txt")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    start = dt.date.today()
    end = start + dt.timedelta(days=args.days)
    session = requests.Session()
    session.headers["User-Agent"] = "hirebase-briefing/0.9"

    by_waterway = {}
    for waterway in load_routes(args.routes):
        params = {"waterway": waterway, "from": start.isoformat(), "to": end.isoformat()}
        try:
            data = get_json(session, FEED, params)
        except RuntimeError as exc:
            log.error("%s: %s", waterway, exc)
            by_waterway[waterway] = []
            continue
        by_waterway[waterway] = [n for n in data.get("notices", []) if relevant(n, start, end)]
        log.info("%s: %d notices", waterway, len(by_waterway[waterway]))

    Path(args.out).write_text(format_briefing(args.base, start, end, by_waterway))
    log.info("briefing written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
