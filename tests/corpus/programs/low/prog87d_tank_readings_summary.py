#!/usr/bin/env python3
"""Daily water-quality summary for the aquarium tanks.

The LSS poller drops one CSV per tank per day into ./readings/
(<tank>_<YYYY-MM-DD>.csv with columns timestamp, metric, value).  This
builds the morning summary the aquarists read at handover: min / mean /
max per metric, the number of readings outside the tank's target range,
and gaps longer than the allowed polling interval.

Parsed files are cached in ./.summary_cache/ keyed by content hash so
re-running during the morning meeting is instant.
"""
import argparse
import csv
import hashlib
import json
import logging
import statistics
import sys
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("tank-summary")

DEFAULT_TARGETS = {
    "water_temp_c": (24.0, 27.0),
    "ph": (8.0, 8.4),
    "salinity_ppt": (33.0, 36.0),
    "dissolved_oxygen_mgl": (6.0, 9.0),
}


def cache_key(path):
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def parse_file(path, cache_dir):
    key = cache_key(path)
    cached = cache_dir / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    series = defaultdict(list)
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                series[row["metric"]].append((row["timestamp"], float(row["value"])))
            except (KeyError, ValueError):
                continue
    data = {m: sorted(v) for m, v in series.items()}
    cached.write_text(json.dumps(data))
    return data


def gaps(points, max_gap):
    found = []
    times = [datetime.fromisoformat(t) for t, _ in points]
    for a, b in zip(times, times[1:]):
        if b - a > max_gap:
            found.append({"from": a.isoformat(), "to": b.isoformat(),
                          "minutes": round((b - a).total_seconds() / 60)})
    return found


def summarise(tank, data, targets, max_gap):
    out = {"tank": tank, "metrics": {}}
    for metric, points in sorted(data.items()):
        values = [v for _, v in points]
        if not values:
            continue
        lo, hi = targets.get(metric, (None, None))
        outside = sum(1 for v in values if (lo is not None and v < lo) or (hi is not None and v > hi))
        out["metrics"][metric] = {
            "n": len(values),
            "min": round(min(values), 2),
            "mean": round(statistics.fmean(values), 2),
            "max": round(max(values), 2),
            "outside_target": outside,
            "gaps": gaps(points, max_gap),
        }
    return out


def load_targets(path):
    targets = dict(DEFAULT_TARGETS)
    if path.exists():
        for metric, pair in json.loads(path.read_text()).items():
            targets[metric] = tuple(pair)
    return targets


def main(argv=None):
    ap = argparse.ArgumentParser(description="Summarise a day of tank readings")
    ap.add_argument("--day", default=(datetime.now() - timedelta(days=1)).strftime("%Y-%m-%d"))
    ap.add_argument("--readings", type=Path, default=Path("readings"))
    ap.add_argument("--targets", type=Path, default=Path("tank_targets.json"))
    ap.add_argument("--max-gap-min", type=int, default=10)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache_dir = Path(".summary_cache")
    if args.clear_cache and cache_dir.exists():
        for f in cache_dir.glob("*.json"):
            f.unlink()
    cache_dir.mkdir(exist_ok=True)

    files = sorted(args.readings.glob(f"*_{args.day}.csv"))
    if not files:
        log.error("no readings for %s in %s", args.day, args.readings)
        return 1
    targets = load_targets(args.targets)
    max_gap = timedelta(minutes=args.max_gap_min)
    report = {"day": args.day, "tanks": []}
    for f in files:
        tank = f.name.rsplit("_", 1)[0]
        report["tanks"].append(summarise(tank, parse_file(f, cache_dir), targets, max_gap))

    out = args.output or Path(f"summary_{args.day}.json")
    out.write_text(json.dumps(report, indent=2))
    out.chmod(0o600)
    flagged = sum(m["outside_target"] > 0 for t in report["tanks"] for m in t["metrics"].values())
    log.info("%d tank(s) summarised, %d metric(s) flagged -> %s", len(files), flagged, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
