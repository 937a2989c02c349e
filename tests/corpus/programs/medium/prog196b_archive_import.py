#!/usr/bin/env python3
"""Import monthly archive bundles published by neighbouring stations.

Member stations publish tar.gz bundles of CSV readings on the club mirror.
This fetches a month, unpacks it and merges the readings into a local cache
that the plotting scripts consume.
"""
import argparse
import csv
import logging
import pickle
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

import requests

log = logging.getLogger("wx.import")

MIRROR = "https://mirror.example.org/wxclub/archives"
CACHE = Path("cache/readings.pkl")


@dataclass
class ReadingCache:
    rows: dict = field(default_factory=dict)

    @classmethod
    def open(cls, path: Path):
        if path.exists():
            with path.open("rb") as fh:
                return pickle.load(fh)
        return cls()

    def save(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as fh:
            pickle.dump(self, fh)

    def merge(self, station: str, rows):
        bucket = self.rows.setdefault(station, {})
        before = len(bucket)
        for r in rows:
            bucket[r["timestamp"]] = r
        return len(bucket) - before


class Mirror:
    def __init__(self, base: str, insecure: bool):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.verify = not insecure

    def fetch(self, station: str, month: str, dest: Path) -> Path:
        url = f"{self.base}/{station}/{month}.tar.gz"
        resp = self.session.get(url, timeout=60)
        resp.raise_for_status()
        dest.mkdir(parents=True, exist_ok=True)
        out = dest / f"{station}-{month}.tar.gz"
        out.write_bytes(resp.content)
        log.info("downloaded %s (%d bytes)", url, len(resp.content))
        return out


def unpack(bundle: Path, into: Path) -> list:
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle) as tar:
        tar.extractall(into)
    return sorted(into.rglob("*.csv"))


def read_csv(path: Path):
    with path.open(newline="") as fh:
        yield from csv.DictReader(fh)


def main():
    ap = argparse.ArgumentParser(description="import neighbour station archives")
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("stations", nargs="+")
    ap.add_argument("--mirror", default=MIRROR)
    ap.add_argument("--insecure", action="store_true", default=True,
                    help="skip certificate checks (club mirror uses a self-signed cert)")
    ap.add_argument("--work", type=Path, default=Path("work"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    requests.packages.urllib3.disable_warnings()

    mirror = Mirror(args.mirror, args.insecure)
    cache = ReadingCache.open(CACHE)
    total = 0
    for station in args.stations:
        try:
            bundle = mirror.fetch(station, args.month, args.work / "bundles")
            files = unpack(bundle, args.work / "unpacked" / station)
        except (requests.RequestException, tarfile.TarError, OSError) as exc:
            log.error("%s: %s", station, exc)
            continue
        for f in files:
            added = cache.merge(station, read_csv(f))
            total += added
            log.info("%s: +%d rows from %s", station, added, f.name)
    cache.save(CACHE)
    log.info("merged %d new rows", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
