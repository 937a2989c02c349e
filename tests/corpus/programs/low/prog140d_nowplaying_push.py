#!/usr/bin/env python3
"""Push now-playing metadata to the station website API.

Watches the playout engine's now-playing file and, whenever the track
changes, posts artist/title/show to the website's API so the player widget
and the "recently played" page stay current.
"""

import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("nowplaying-push")

API_BASE = "https://api.example.com/v1"
NOWPLAYING_FILE = "playout/nowplaying.json"


class StationApi:
    """Minimal client for the website API; the key only goes to API_BASE."""

    def __init__(self, base, key, timeout=10):
        self.base = base.rstrip("/")
        self.key = key
        self.timeout = timeout

    def _request(self, method, path, payload=None):
        url = self.base + path
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(url, data=data, method=method, headers={
            "Authorization": "Bearer " + self.key,
            "Content-Type": "application/json",
            "User-Agent": "nowplaying-push/1.3",
        })
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            body = resp.read()
            return json.loads(body) if body else {}

    def current(self):
        return self._request("GET", "/nowplaying")

    def publish(self, track):
        return self._request("POST", "/nowplaying", track)


def read_nowplaying(path):
    try:
        with open(path, encoding="utf-8") as fh:
            raw = json.load(fh)
    except (OSError, ValueError) as exc:
        LOG.debug("now-playing file not ready: %s", exc)
        return None
    return {
        "artist": raw.get("artist", "").strip(),
        "title": raw.get("title", "").strip(),
        "show": raw.get("show", ""),
        "started_at": raw.get("started_at"),
    }


def main():
    parser = argparse.ArgumentParser(description="Push now-playing to the website")
    parser.add_argument("--file", default=NOWPLAYING_FILE)
    parser.add_argument("--poll", type=float, default=5.0)
    parser.add_argument("--api", default=os.environ.get("STATION_API_BASE", API_BASE))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("STATION_API_KEY")
    if not key:
        LOG.error("STATION_API_KEY is not set")
        return 1
    api = StationApi(args.api, key)

    last = None
    try:
        last_remote = api.current()
        last = (last_remote.get("artist"), last_remote.get("title"))
        LOG.info("website currently shows %s - %s", *last)
    except (urllib.error.URLError, ValueError) as exc:
        LOG.warning("could not read current state: %s", exc)

    backoff = args.poll
    while True:
        track = read_nowplaying(args.file)
        if track and (track["artist"], track["title"]) != last and track["title"]:
            try:
                api.publish(track)
                last = (track["artist"], track["title"])
                LOG.info("published %s - %s", *last)
                backoff = args.poll
            except urllib.error.HTTPError as exc:
                LOG.error("API rejected update: %s", exc.code)
            except urllib.error.URLError as exc:
                backoff = min(backoff * 2, 120)
                LOG.warning("API unreachable (%s), retry in %.0fs", exc.reason, backoff)
        time.sleep(backoff)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        pass
