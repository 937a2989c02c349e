#!/usr/bin/env python3
"""Daily summaries from a station's CSV export.

Reads the logger's CSV export, groups readings by day and writes a JSON
summary plus a short Markdown table for the club newsletter.
"""
import argparse
import csv
import json
import logging
import statistics
from collections import defaultdict
from dataclasses import dataclass, asdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("wx.summary")

AGGREGATES = {}


def aggregate(column):
    def register(fn):
        AGGREGATES.setdefault(column, []).append(fn)
        return fn
    return register


@aggregate("outTemp")
def temp_range(values):
    return {"temp_min": min(values), "temp_max": max(values), "temp_mean": round(statistics.fmean(values), 1)}


@aggregate("outHumidity")
def humidity_mean(values):
    return {"humidity_mean": round(statistics.fmean(values))}


@aggregate("windGust")
def gust_max(values):
    return {"gust_max": max(values)}


@aggregate("rain")
def rain_total(values):
    return {"rain_total": round(sum(values), 1)}


@dataclass
class DaySummary:
    day: str
    samples: int
    stats: dict


def parse_rows(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                ts = datetime.fromisoformat(row["timestamp"])
            except (KeyError, ValueError):
                continue
            yield ts.date().isoformat(), row


def summarise(path: Path):
    per_day = defaultdict(lambda: defaultdict(list))
    counts = defaultdict(int)
    for day, row in parse_rows(path):
        counts[day] += 1
        for column in AGGREGATES:
            raw = row.get(column, "")
            try:
                per_day[day][column].append(float(raw))
            except ValueError:
                pass
    for day in sorted(per_day):
        stats = {}
        for column, fns in AGGREGATES.items():
            values = per_day[day].get(column)
            if values:
                for fn in fns:
                    stats.update(fn(values))
        yield DaySummary(day, counts[day], stats)


def to_markdown(days):
    cols = ["temp_min", "temp_max", "humidity_mean", "gust_max", "rain_total"]
    lines = ["| day | " + " | ".join(cols) + " |", "|" + "---|" * (len(cols) + 1)]
    for d in days:
        lines.append(f"| {d.day} | " + " | ".join(str(d.stats.get(c, "")) for c in cols) + " |")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description="daily weather summaries")
    ap.add_argument("csv", type=Path)
    ap.add_argument("--out", type=Path, default=Path("summary"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.csv.is_file():
        log.error("no such file: %s", args.csv)
        return 1
    days = list(summarise(args.csv))
    if not days:
        log.warning("no usable rows in %s", args.csv)
        return 1
    args.out.mkdir(exist_ok=True)
    (args.out / "daily.json").write_text(json.dumps([asdict(d) for d in days], indent=2))
    (args.out / "daily.md").write_text(to_markdown(days))
    log.info("wrote %d day(s) to %s/", len(days), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
