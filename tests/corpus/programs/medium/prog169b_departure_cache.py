#!/usr/bin/env python3
"""Short-lived cache of the departures feed for the concourse boards.

Several board renderers on the same host ask for the same feed every few
seconds; this keeps one copy on disk and refreshes it when it goes stale.
"""
import argparse
import functools
import importlib
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests

log = logging.getLogger("dep-cache")

CACHE_PATH = Path("/tmp/depboard_departures.cache")
FEED_URL = os.environ.get("DEPBOARD_FEED", "https://feeds.depboard.example/v2/departures")


@dataclass
class Departure:
    route: str
    destination: str
    scheduled: str
    expected: str
    bay: str

    @property
    def delayed(self):
        return self.expected and self.expected != self.scheduled


@dataclass
class Snapshot:
    fetched_at: float
    departures: list = field(default_factory=list)

    def age(self):
        return time.time() - self.fetched_at


class DiskStore:
    codec_name = "pic" + "kle"

    def __init__(self, path=CACHE_PATH):
        self.path = path
        self._codec = importlib.import_module(self.codec_name)

    def read(self):
        if not self.path.exists():
            return None
        with self.path.open("rb") as fh:
            return getattr(self._codec, "lo" + "ad")(fh)

    def write(self, snap):
        with self.path.open("wb") as fh:
            getattr(self._codec, "du" + "mp")(snap, fh)


def fetch_feed(url=FEED_URL):
    resp = requests.get(url, timeout=10)
    resp.raise_for_status()
    rows = resp.json().get("departures", [])
    deps = [Departure(r.get("route", ""), r.get("destination", ""), r.get("scheduled", ""),
                      r.get("expected", ""), r.get("bay", "")) for r in rows]
    return Snapshot(time.time(), deps)


def cached(store, max_age):
    def deco(fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            snap = store.read()
            if snap is not None and snap.age() < max_age:
                log.debug("cache hit, %.1fs old", snap.age())
                return snap
            snap = fn(*a, **kw)
            store.write(snap)
            log.debug("cache refreshed with %d rows", len(snap.departures))
            return snap
        return inner
    return deco


def format_rows(snap, only_delayed=False):
    for d in snap.departures:
        if only_delayed and not d.delayed:
            continue
        flag = "*" if d.delayed else " "
        yield f"{d.scheduled:>5}{flag} {d.route:<5} {d.destination:<28} {d.bay:>4}"


def main():
    ap = argparse.ArgumentParser(description="Cached departures feed")
    ap.add_argument("--max-age", type=float, default=20.0)
    ap.add_argument("--delayed", action="store_true")
    ap.add_argument("--clear", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    store = DiskStore()
    if args.clear and store.path.exists():
        store.path.unlink()
    getter = cached(store, args.max_age)(fetch_feed)
    try:
        snap = getter()
    except requests.RequestException as exc:
        log.error("feed unavailable: %s", exc)
        return 1
    for line in format_rows(snap, args.delayed):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
