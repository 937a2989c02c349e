#!/usr/bin/env python3
"""
edm_convert -- turn engine-monitor CSV downloads into per-flight summaries.

Reads the CSV files produced by EzTrends / the EDM download tool (one file per
flight, columns E1..E6 for EGT, C1..C6 for CHT, OIL, OILP, RPM, MAP, FF, USD),
and writes:

  export/flights.csv      one row per flight: date, duration, max CHT, max EGT
                          spread, fuel used, oil temp peak
  export/alerts.json      flights that crossed the configured limits

Parsing a long flight takes a while on the hangar laptop, so parsed flights
are cached in .edm_cache keyed by file hash.
"""

import argparse
import csv
import hashlib
import json
import logging
import pickle
import sys
from dataclasses import dataclass, asdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("edm_convert")

CACHE_FILE = Path(".edm_cache")
LIMITS = {"cht_max": 400, "egt_spread": 120, "oil_max": 230}


@dataclass
class FlightSummary:
    source: str
    date: str
    samples: int
    duration_min: float
    cht_max: float
    egt_spread_max: float
    oil_max: float
    fuel_used: float


def file_key(path):
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


class SummaryCache:
    def __init__(self, path):
        self.path = path
        self.entries = {}
        self.dirty = False

    def load(self):
        if not self.path.exists():
            return
        try:
            with self.path.open("rb") as fh:
                self.entries = pickle.load(fh)
            log.debug("cache: %d entries", len(self.entries))
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            log.warning("cache unreadable (%s), starting fresh", exc)
            self.entries = {}

    def get(self, key):
        return self.entries.get(key)

    def put(self, key, value):
        self.entries[key] = value
        self.dirty = True

    def save(self):
        if not self.dirty:
            return
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(self.path)


def _floats(row, prefix, count):
    vals = []
    for i in range(1, count + 1):
        try:
            vals.append(float(row.get(f"{prefix}{i}", "") or "nan"))
        except ValueError:
            continue
    return [v for v in vals if v == v]


def parse_flight(path, interval_s):
    cht_max = spread_max = oil_max = 0.0
    usd_first = usd_last = None
    samples = 0
    first_date = ""
    with path.open(newline="", encoding="latin-1") as fh:
        # EDM exports have a few banner lines before the header
        lines = (ln for ln in fh if not ln.startswith("$"))
        for row in csv.DictReader(lines):
            samples += 1
            first_date = first_date or row.get("DATE", "")
            chts = _floats(row, "C", 6)
            egts = _floats(row, "E", 6)
            if chts:
                cht_max = max(cht_max, max(chts))
            if len(egts) > 1:
                spread_max = max(spread_max, max(egts) - min(egts))
            try:
                oil_max = max(oil_max, float(row.get("OIL") or 0))
                usd = float(row.get("USD") or 0)
                usd_first = usd if usd_first is None else usd_first
                usd_last = usd
            except ValueError:
                pass
    return FlightSummary(
        source=path.name, date=first_date, samples=samples,
        duration_min=round(samples * interval_s / 60, 1),
        cht_max=cht_max, egt_spread_max=spread_max, oil_max=oil_max,
        fuel_used=round((usd_last or 0) - (usd_first or 0), 1))


def export(summaries, out_dir):
    out_dir.mkdir(exist_ok=True)
    with (out_dir / "flights.csv").open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(FlightSummary.__dataclass_fields__))
        w.writeheader()
        for s in summaries:
            w.writerow(asdict(s))
    alerts = [asdict(s) for s in summaries
              if s.cht_max > LIMITS["cht_max"] or s.egt_spread_max > LIMITS["egt_spread"]
              or s.oil_max > LIMITS["oil_max"]]
    (out_dir / "alerts.json").write_text(json.dumps(
        {"generated": datetime.now().isoformat(timespec="seconds"),
         "limits": LIMITS, "flights": alerts}, indent=2))
    return len(alerts)


def main(argv=None):
    ap = argparse.ArgumentParser(description="EDM engine log converter")
    ap.add_argument("src", type=Path, help="directory with EDM csv files")
    ap.add_argument("-o", "--out", type=Path, default=Path("export"))
    ap.add_argument("--interval", type=float, default=6.0, help="seconds per sample")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.src.is_dir():
        log.error("%s is not a directory", args.src)
        return 2
    cache = SummaryCache(CACHE_FILE)
    if not args.no_cache:
        cache.load()

    summaries = []
    for path in sorted(args.src.glob("*.csv")):
        key = file_key(path)
        summary = cache.get(key)
        if summary is None:
            try:
                summary = parse_flight(path, args.interval)
            except (OSError, csv.Error) as exc:
                log.warning("skipping %s: %s", path.name, exc)
                continue
            cache.put(key, summary)
        summaries.append(summary)

    n_alerts = export(summaries, args.out)
    cache.save()
    log.info("%d flights exported, %d over limits", len(summaries), n_alerts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
