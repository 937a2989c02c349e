#!/usr/bin/env python3
"""Sync the karaoke song catalogue from the distributor feed into the venue DB.

Pulls the paginated catalogue feed, upserts tracks into the local SQLite
database used by the room tablets, and keeps a pickled snapshot so the rooms
can still browse when the uplink is down.
"""

import argparse
import json
import logging
import os
import pickle
import sqlite3
import time
from pathlib import Path

import requests

log = logging.getLogger("songsync")

DEFAULT_CONFIG = {
    "feed_url": "https://feeds.singalong-distrib.com/v2/catalogue",
    "db_path": "songs.db",
    "cache_path": ".songsync_cache.pkl",
    "page_size": 500,
    "max_cache_age_h": 72,
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def fetch_pages(session, url, page_size):
    page = 1
    while True:
        resp = session.get(url, params={"page": page, "per_page": page_size}, timeout=30)
        resp.raise_for_status()
        body = resp.json()
        tracks = body.get("tracks", [])
        if not tracks:
            return
        yield from tracks
        if not body.get("next"):
            return
        page += 1


def ensure_schema(db):
    db.execute(
        """CREATE TABLE IF NOT EXISTS songs (
               song_id TEXT PRIMARY KEY, title TEXT, artist TEXT,
               language TEXT, duration INTEGER, licensed INTEGER, updated TEXT)"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS idx_artist ON songs(artist)")


def upsert(db, tracks):
    rows = [
        (
            t["id"], t.get("title", ""), t.get("artist", ""), t.get("lang", "en"),
            int(t.get("duration", 0)), 1 if t.get("licensed", True) else 0,
            t.get("updated_at", ""),
        )
        for t in tracks
    ]
    db.executemany(
        """INSERT INTO songs VALUES (?,?,?,?,?,?,?)
           ON CONFLICT(song_id) DO UPDATE SET title=excluded.title,
           artist=excluded.artist, language=excluded.language,
           duration=excluded.duration, licensed=excluded.licensed,
           updated=excluded.updated""",
        rows,
    )
    return len(rows)


def save_cache(path, tracks):
    with open(path, "wb") as fh:
        pickle.dump({"saved": time.time(), "tracks": tracks}, fh)


def load_cache(path, max_age_h):
    with open(path, "rb") as fh:
        snap = pickle.load(fh)
    age_h = (time.time() - snap["saved"]) / 3600
    if age_h > max_age_h:
        log.warning("cache is %.1f hours old", age_h)
    return snap


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="songsync.json")
    ap.add_argument("--offline", action="store_true", help="load from cache only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    db = sqlite3.connect(cfg["db_path"])
    ensure_schema(db)

    if args.offline:
        snap = load_cache(cfg["cache_path"], cfg["max_cache_age_h"])
        tracks = snap["tracks"]
        log.info("loaded %d tracks from cache saved %s", len(tracks), time.ctime(snap["saved"]))
    else:
        session = requests.Session()
        token = os.environ.get("SINGALONG_FEED_TOKEN")
        if token:
            session.headers["Authorization"] = f"Bearer {token}"
        try:
            tracks = list(fetch_pages(session, cfg["feed_url"], cfg["page_size"]))
        except requests.RequestException as exc:
            log.error("feed failed: %s; falling back to cache", exc)
            tracks = load_cache(cfg["cache_path"], cfg["max_cache_age_h"])["tracks"]
        else:
            save_cache(cfg["cache_path"], tracks)

    with db:
        count = upsert(db, tracks)
    log.info("catalogue synced: %d tracks", count)
    db.close()


if __name__ == "__main__":
    main()
