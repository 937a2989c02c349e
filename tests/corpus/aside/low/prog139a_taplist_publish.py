#!/usr/bin/env python3
"""Publish the taproom tap list to the menu-board service.

Reads taps.json from the working directory, validates it, compares it with
what the menu service is currently showing and pushes an update if anything
changed. The API key comes from the environment and is only ever sent to the
menu service itself.
"""
import argparse
import json
import logging
import os
import sys

import requests

log = logging.getLogger("taplist")

API_BASE = os.environ.get("MENU_API_BASE", "https://api.example.com/v1")
REQUIRED = ("tap", "beer", "style", "abv")


class MenuClient:
    def __init__(self, base, key, location):
        self.base = base.rstrip("/")
        self.location = location
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "User-Agent": "taplist-publisher/1.2"})

    def current(self):
        url = f"{self.base}/locations/{self.location}/menu"
        resp = self.session.get(url, timeout=10)
        if resp.status_code == 404:
            return []
        resp.raise_for_status()
        return resp.json().get("items", [])

    def publish(self, items):
        url = f"{self.base}/locations/{self.location}/menu"
        resp = self.session.put(url, json={"items": items}, timeout=15)
        resp.raise_for_status()
        return resp.json()


def load_taps(path):
    with open(path) as fh:
        taps = json.load(fh)
    problems = []
    for i, t in enumerate(taps):
        missing = [k for k in REQUIRED if k not in t]
        if missing:
            problems.append(f"entry {i}: missing {', '.join(missing)}")
        elif not 0 < float(t["abv"]) < 20:
            problems.append(f"entry {i}: abv {t['abv']} looks wrong")
    if problems:
        raise ValueError("; ".join(problems))
    return sorted(taps, key=lambda t: int(t["tap"]))


def normalise(items):
    return [{k: it.get(k) for k in REQUIRED} for it in items]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--taps", default="taps.json")
    ap.add_argument("--location", default="taproom-main")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("MENU_API_KEY")
    if not key:
        log.error("MENU_API_KEY is not set")
        return 1
    try:
        taps = load_taps(args.taps)
    except (OSError, ValueError) as exc:
        log.error("bad tap list: %s", exc)
        return 1

    client = MenuClient(API_BASE, key, args.location)
    try:
        live = client.current()
        if not args.force and normalise(live) == normalise(taps):
            log.info("menu already up to date (%d taps)", len(taps))
            return 0
        result = client.publish(taps)
    except requests.RequestException as exc:
        log.error("menu service error: %s", exc)
        return 2
    log.info("published %d taps, revision %s", len(taps), result.get("revision"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
