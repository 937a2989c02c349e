#!/usr/bin/env python3
"""Download Creative-Commons tracks for my stream playlist.

Queries the Jamendo v3 API for tracks matching a tag, then saves the MP3s into
./downloads/<tag>/.  Already-downloaded tracks are skipped using a small cache
index keyed by the MD5 of the audio URL.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import sys
import time
import urllib.parse
import urllib.request
from urllib.error import HTTPError, URLError

API = "https://api.jamendo.com/v3.0/tracks/"
USER_AGENT = "cc-music-grabber/0.3 (+hobby project)"
log = logging.getLogger("grabber")


def safe_name(text, limit=80):
    text = re.sub(r"[^\w\- ]+", "", text).strip().replace(" ", "_")
    return text[:limit] or "untitled"


def http_get(url, timeout=20):
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def search_tracks(client_id, tag, limit):
    query = urllib.parse.urlencode({
        "client_id": client_id,
        "format": "json",
        "limit": limit,
        "tags": tag,
        "audioformat": "mp32",
        "include": "licenses",
        "order": "popularity_total",
    })
    payload = json.loads(http_get(f"{API}?{query}"))
    if payload.get("headers", {}).get("status") != "success":
        raise RuntimeError(payload.get("headers", {}).get("error_message", "API error"))
    return payload.get("results", [])


class CacheIndex:
    def __init__(self, folder):
        self.path = os.path.join(folder, ".index.json")
        try:
            with open(self.path) as fh:
                self.entries = json.load(fh)
        except (OSError, ValueError):
            self.entries = {}

    @staticmethod
    def key(url):
        return hashlib.md5(url.encode()).hexdigest()

    def has(self, url):
        return self.key(url) in self.entries

    def add(self, url, filename):
        self.entries[self.key(url)] = filename

    def save(self):
        with open(self.path, "w") as fh:
            json.dump(self.entries, fh, indent=1)


def download_track(track, folder, index, retries=2):
    url = track.get("audiodownload") or track.get("audio")
    if not url:
        log.info("no download for %s", track.get("name"))
        return False
    if index.has(url):
        log.debug("cached: %s", track["name"])
        return False
    filename = f"{safe_name(track['artist_name'])}-{safe_name(track['name'])}.mp3"
    target = os.path.join(folder, filename)
    for attempt in range(retries + 1):
        try:
            data = http_get(url, timeout=60)
            break
        except (HTTPError, URLError, TimeoutError) as exc:
            log.warning("attempt %d for %s failed: %s", attempt + 1, filename, exc)
            time.sleep(2 * (attempt + 1))
    else:
        return False
    with open(target, "wb") as fh:
        fh.write(data)
    index.add(url, filename)
    log.info("saved %s (%d KiB, %s)", filename, len(data) // 1024, track.get("license_ccurl", "?"))
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("tag", help="genre/tag, e.g. lofi, chiptune")
    ap.add_argument("-n", "--limit", type=int, default=10)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    client_id = os.environ.get("JAMENDO_CLIENT_ID")
    if not client_id:
        sys.exit("export JAMENDO_CLIENT_ID=<your app id> (free at devportal.jamendo.com)")

    folder = os.path.join("downloads", safe_name(args.tag))
    os.makedirs(folder, exist_ok=True)
    index = CacheIndex(folder)
    try:
        tracks = search_tracks(client_id, args.tag, args.limit)
    except (HTTPError, URLError, RuntimeError) as exc:
        sys.exit(f"search failed: {exc}")

    new = sum(download_track(t, folder, index) for t in tracks)
    index.save()
    print(f"{new} new track(s), {len(tracks) - new} skipped, in {folder}/")


if __name__ == "__main__":
    main()
