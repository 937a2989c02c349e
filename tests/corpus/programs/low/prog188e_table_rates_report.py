#!/usr/bin/env python3
"""Weekly table-time revenue report for the Baize Room.

Reads the till's table-session export (CSV in the working directory),
prices each session by table type and time band, and writes a summary.
Results are cached by the export's MD5 so re-runs are instant.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from functools import wraps
from pathlib import Path

log = logging.getLogger("table_rates_report")

RATES = {  # per hour
    "full": {"peak": 12.0, "offpeak": 8.0},
    "pool": {"peak": 8.0, "offpeak": 5.5},
}
TABLE_TYPES = {f"T{n:02d}": "full" for n in range(1, 11)}
TABLE_TYPES.update({"P01": "pool", "P02": "pool"})


@dataclass
class Session:
    table: str
    start: datetime
    end: datetime
    member: bool

    @property
    def hours(self):
        return max(0.0, (self.end - self.start).total_seconds() / 3600)

    @property
    def band(self):
        return "peak" if self.start.hour >= 17 or self.start.weekday() >= 5 else "offpeak"


def cached(cache_dir):
    def deco(fn):
        @wraps(fn)
        def wrapper(path):
            key = hashlib.md5(Path(path).read_bytes()).hexdigest()
            hit = Path(cache_dir) / f"{key}.json"
            if hit.exists():
                log.info("cache hit %s", key[:8])
                return json.loads(hit.read_text())
            result = fn(path)
            hit.parent.mkdir(parents=True, exist_ok=True)
            hit.write_text(json.dumps(result))
            return result
        return wrapper
    return deco


def read_sessions(path):
    fmt = "%Y-%m-%d %H:%M"
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield Session(row["table"], datetime.strptime(row["start"], fmt),
                          datetime.strptime(row["end"], fmt), row.get("member", "n") == "y")


def price(s):
    rate = RATES[TABLE_TYPES.get(s.table, "full")][s.band]
    if s.member:
        rate *= 0.8
    return round(rate * s.hours, 2)


@cached(os.environ.get("REPORT_CACHE", ".report_cache"))
def summarise(path):
    by_table = defaultdict(lambda: {"hours": 0.0, "revenue": 0.0, "sessions": 0})
    for s in read_sessions(path):
        t = by_table[s.table]
        t["hours"] += s.hours
        t["revenue"] += price(s)
        t["sessions"] += 1
    return dict(by_table)


def write_report(summary, out):
    lines = [f"{'Table':<6}{'Sess':>6}{'Hours':>8}{'Revenue':>10}"]
    total = 0.0
    for table in sorted(summary):
        t = summary[table]
        total += t["revenue"]
        lines.append(f"{table:<6}{t['sessions']:>6}{t['hours']:>8.1f}{t['revenue']:>10.2f}")
    lines.append(f"{'TOTAL':<20}{total:>10.2f}")
    out.write_text("\n".join(lines) + "\n")
    os.chmod(out, 0o600)
    return total


def main():
    ap = argparse.ArgumentParser(description="table revenue report")
    ap.add_argument("export", type=Path, nargs="?", default=Path("table_sessions.csv"))
    ap.add_argument("--out", type=Path, default=Path("table_report.txt"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    total = write_report(summarise(args.export), args.out)
    log.info("wrote %s (total %.2f)", args.out, total)


if __name__ == "__main__":
    main()
