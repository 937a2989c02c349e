#!/usr/bin/env python3
"""Turnaround timer report.

Summarises the turnarounds.csv files written by the stand milestone
listener: per-stand and per-airline median and 90th percentile turnaround
time, the share of turns that beat the scheduled ground time, and the
slowest milestones.  Results are cached per input file so re-running the
morning report is instant.
"""
import argparse
import csv
import hashlib
import json
import logging
import statistics
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("ta_report")

CACHE_DIR = Path(".cache/ta_report")
DEFAULT_SGT = {"A320": 35, "A321": 40, "B738": 35, "E190": 30, "A333": 70, "B789": 75}


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def p90(values):
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=10)[-1]


def load_rows(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                row["minutes"] = float(row["minutes"])
            except (KeyError, ValueError):
                continue
            yield row


def summarise(path, sgt):
    by_stand, by_airline = defaultdict(list), defaultdict(list)
    on_time = total = 0
    fuel_minutes = []
    for row in load_rows(path):
        minutes = row["minutes"]
        by_stand[row["stand"]].append(minutes)
        airline = row.get("flight", "")[:2] or "??"
        by_airline[airline].append(minutes)
        total += 1
        if minutes <= sgt.get(row.get("aircraft", ""), 45):
            on_time += 1
        try:
            fuel_minutes.append((float(row["fuel_end"]) - float(row["fuel_start"])) / 60.0)
        except (KeyError, ValueError):
            pass

    def block(groups):
        return {
            k: {"turns": len(v), "median": round(statistics.median(v), 1), "p90": round(p90(v), 1)}
            for k, v in sorted(groups.items())
        }

    return {
        "file": str(path),
        "turns": total,
        "on_time_pct": round(100.0 * on_time / total, 1) if total else 0.0,
        "fuel_median_min": round(statistics.median(fuel_minutes), 1) if fuel_minutes else None,
        "stands": block(by_stand),
        "airlines": block(by_airline),
    }


def cached_summary(path, sgt, refresh=False):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    entry = CACHE_DIR / f"{cache_key(path)}.json"
    if entry.exists() and not refresh:
        log.debug("cache hit for %s", path)
        return json.loads(entry.read_text())
    result = summarise(path, sgt)
    entry.write_text(json.dumps(result, indent=1))
    return result


def print_report(summary, top):
    print(f"== {summary['file']}: {summary['turns']} turns, {summary['on_time_pct']}% within SGT")
    if summary["fuel_median_min"] is not None:
        print(f"   median fuelling time {summary['fuel_median_min']} min")
    slow = sorted(summary["stands"].items(), key=lambda kv: kv[1]["p90"], reverse=True)[:top]
    print("   slowest stands (p90):")
    for stand, s in slow:
        print(f"     {stand:>5}  median {s['median']:5.1f}  p90 {s['p90']:5.1f}  ({s['turns']} turns)")
    print("   airlines:")
    for airline, s in summary["airlines"].items():
        print(f"     {airline:>3}  median {s['median']:5.1f}  p90 {s['p90']:5.1f}  ({s['turns']} turns)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", default=["turnarounds.csv"])
    ap.add_argument("--sgt", help="JSON file with scheduled ground time per aircraft type")
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("--refresh", action="store_true", help="ignore cached summaries")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache:
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    sgt = dict(DEFAULT_SGT)
    if args.sgt:
        sgt.update(json.loads(Path(args.sgt).read_text()))

    for name in args.files:
        path = Path(name)
        if not path.is_file():
            log.warning("%s not found, skipping", path)
            continue
        print_report(cached_summary(path, sgt, args.refresh), args.top)


if __name__ == "__main__":
    main()
