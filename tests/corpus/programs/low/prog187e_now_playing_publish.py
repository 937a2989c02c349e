#!/usr/bin/env python3
"""Publish the current track to the station website.

Polls the automation system's now-playing endpoint and, when the track
changes, posts it to the website CMS API so the "On Air" widget updates.
"""
import argparse
import json
import logging
import os
import time
from pathlib import Path

import requests

log = logging.getLogger("now-playing")

AUTOMATION_URL = os.environ.get("AUTOMATION_URL", "http://192.0.2.15:8080/api/nowplaying")
CMS_URL = os.environ.get("CMS_URL", "https://cms.wxpr-radio.example.org/api/v1/onair")
STATE = Path(".nowplaying_last.json")


class Publisher:
    def __init__(self, cms_url: str, api_key: str):
        self.cms_url = cms_url
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "wxpr-nowplaying/1.3",
        })

    def publish(self, track: dict) -> None:
        resp = self.session.post(self.cms_url, json=track, timeout=10)
        resp.raise_for_status()
        log.info("published: %s - %s", track["artist"], track["title"])


def fetch_current(url: str) -> dict:
    resp = requests.get(url, timeout=5)
    resp.raise_for_status()
    data = resp.json()
    return {
        "artist": data.get("artist", "").strip(),
        "title": data.get("title", "").strip(),
        "album": data.get("album", "").strip(),
        "show": data.get("show", ""),
    }


def load_last() -> dict:
    if STATE.exists():
        try:
            return json.loads(STATE.read_text())
        except json.JSONDecodeError:
            return {}
    return {}


def save_last(track: dict) -> None:
    STATE.write_text(json.dumps(track))


def main() -> None:
    parser = argparse.ArgumentParser(description="on-air widget publisher")
    parser.add_argument("--interval", type=int, default=15)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("CMS_API_KEY")
    if not api_key:
        raise SystemExit("CMS_API_KEY is not set")
    publisher = Publisher(CMS_URL, api_key)

    while True:
        try:
            track = fetch_current(AUTOMATION_URL)
            if track["title"] and track != load_last():
                publisher.publish(track)
                save_last(track)
        except requests.RequestException as exc:
            log.warning("update failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
