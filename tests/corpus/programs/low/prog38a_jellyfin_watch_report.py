#!/usr/bin/env python3
"""Build a CSV report of unwatched and stale items from a Jellyfin server.

The API key is read from JELLYFIN_API_KEY and is only ever sent to the
Jellyfin server configured with --server / JELLYFIN_URL.  Responses are
cached under ./.jf_cache so repeated runs don't hammer the Pi it runs on.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("jf-report")

CACHE_DIR = Path(".jf_cache")
DEFAULT_FIELDS = "DateCreated,Path,RunTimeTicks,UserData,Genres"


class JellyfinClient:
    def __init__(self, base_url, api_key, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def _cache_path(self, url):
        # MD5 is only a cache key here, nothing security relevant
        digest = hashlib.md5(url.encode("utf-8")).hexdigest()
        return CACHE_DIR / f"{digest}.json"

    def get(self, endpoint, params=None, use_cache=True):
        query = urllib.parse.urlencode(params or {})
        url = f"{self.base_url}{endpoint}"
        if query:
            url = f"{url}?{query}"
        cached = self._cache_path(url)
        if use_cache and cached.exists():
            log.debug("cache hit %s", cached.name)
            return json.loads(cached.read_text())
        req = urllib.request.Request(url, headers={
            "X-Emby-Token": self.api_key,
            "Accept": "application/json",
        })
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            payload = json.load(resp)
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(payload))
        return payload

    def users(self):
        return self.get("/Users")

    def items_for_user(self, user_id, item_type):
        return self.get(f"/Users/{user_id}/Items", {
            "Recursive": "true",
            "IncludeItemTypes": item_type,
            "Fields": DEFAULT_FIELDS,
        }).get("Items", [])


def ticks_to_minutes(ticks):
    return round((ticks or 0) / 10_000_000 / 60, 1)


def collect_rows(client, item_type, stale_days):
    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=stale_days)
    rows = []
    for user in client.users():
        for item in client.items_for_user(user["Id"], item_type):
            udata = item.get("UserData", {})
            created = item.get("DateCreated", "")[:19]
            try:
                created_at = dt.datetime.fromisoformat(created).replace(tzinfo=dt.timezone.utc)
            except ValueError:
                created_at = None
            stale = bool(created_at and created_at < cutoff and not udata.get("Played"))
            rows.append({
                "user": user.get("Name"),
                "title": item.get("Name"),
                "year": item.get("ProductionYear", ""),
                "minutes": ticks_to_minutes(item.get("RunTimeTicks")),
                "played": udata.get("Played", False),
                "stale": stale,
                "path": item.get("Path", ""),
            })
    return rows


def write_csv(rows, out_path):
    if not rows:
        log.warning("nothing to write")
        return
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %d rows to %s", len(rows), out_path)


def clear_cache():
    if not CACHE_DIR.is_dir():
        return 0
    removed = 0
    for entry in CACHE_DIR.glob("*.json"):
        entry.unlink()
        removed += 1
    return removed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--server", default=os.environ.get("JELLYFIN_URL", "http://jellyfin.lan:8096"))
    ap.add_argument("--type", default="Movie", choices=["Movie", "Episode", "MusicAlbum"])
    ap.add_argument("--stale-days", type=int, default=180)
    ap.add_argument("--out", default="jellyfin_report.csv")
    ap.add_argument("--refresh", action="store_true", help="drop cached responses first")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("JELLYFIN_API_KEY")
    if not api_key:
        log.error("JELLYFIN_API_KEY is not set")
        return 2
    if args.refresh:
        log.info("removed %d cached responses", clear_cache())

    client = JellyfinClient(args.server, api_key)
    try:
        rows = collect_rows(client, args.type, args.stale_days)
    except OSError as exc:
        log.error("could not reach %s: %s", args.server, exc)
        return 1
    write_csv(rows, args.out)
    stale = sum(1 for r in rows if r["stale"])
    print(f"{len(rows)} items, {stale} unwatched for more than {args.stale_days} days")
    return 0


if __name__ == "__main__":
    sys.exit(main())
