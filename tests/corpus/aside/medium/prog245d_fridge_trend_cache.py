#!/usr/bin/env python3
"""Rolling temperature trend cache for the blood-fridge dashboard.

The dashboard needs a 30-day rolling mean per fridge. Recomputing it from
the raw monitor logs every page load is slow, so this tool maintains a
cache of per-fridge trend objects in ./cache/trends.pkl and updates it
incrementally from new log lines in ./logs/*.log.

Log line format:  2024-05-01T10:15:00Z FRIDGE-07 4.3
"""

import argparse
import logging
import pickle
import sys
from collections import deque
from datetime import datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("trend_cache")
WINDOW = timedelta(days=30)


class FridgeTrend:
    """Keeps a time-bounded window of readings for one fridge."""

    def __init__(self, fridge_id: str):
        self.fridge_id = fridge_id
        self.samples = deque()
        self.last_ts = None

    def add(self, ts: datetime, temp_c: float) -> bool:
        if self.last_ts and ts <= self.last_ts:
            return False
        self.samples.append((ts, temp_c))
        self.last_ts = ts
        cutoff = ts - WINDOW
        while self.samples and self.samples[0][0] < cutoff:
            self.samples.popleft()
        return True

    @property
    def mean(self):
        if not self.samples:
            return None
        return sum(t for _, t in self.samples) / len(self.samples)


def parse_line(line: str):
    parts = line.split()
    if len(parts) != 3:
        raise ValueError("expected 3 fields")
    ts = datetime.strptime(parts[0], "%Y-%m-%dT%H:%M:%SZ")
    return ts, parts[1], float(parts[2])


def load_cache(path: Path) -> dict:
    if not path.exists():
        LOG.info("no cache at %s, starting fresh", path)
        return {}
    with path.open("rb") as fh:
        trends = pickle.load(fh)
    LOG.info("loaded %d fridge trends from cache", len(trends))
    return trends


def save_cache(path: Path, trends: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".pkl.partial")
    with tmp.open("wb") as fh:
        pickle.dump(trends, fh, protocol=pickle.HIGHEST_PROTOCOL)
    tmp.replace(path)
    path.chmod(0o600)


def ingest(log_dir: Path, trends: dict) -> int:
    added = 0
    for log_file in sorted(log_dir.glob("*.log")):
        with log_file.open() as fh:
            for lineno, line in enumerate(fh, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                try:
                    ts, fridge_id, temp = parse_line(line)
                except ValueError as exc:
                    LOG.debug("%s:%d skipped (%s)", log_file.name, lineno, exc)
                    continue
                trend = trends.setdefault(fridge_id, FridgeTrend(fridge_id))
                if trend.add(ts, temp):
                    added += 1
    return added


def main() -> int:
    parser = argparse.ArgumentParser(description="Update fridge trend cache")
    parser.add_argument("--logs", type=Path, default=Path("logs"))
    parser.add_argument("--cache", type=Path, default=Path("cache/trends.pkl"))
    parser.add_argument("--rebuild", action="store_true", help="ignore existing cache")
    parser.add_argument("--show", action="store_true", help="print current means")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        trends = {} if args.rebuild else load_cache(args.cache)
    except (pickle.UnpicklingError, EOFError) as exc:
        LOG.warning("cache unreadable (%s); rebuilding", exc)
        trends = {}

    if not args.logs.is_dir():
        LOG.error("log directory %s not found", args.logs)
        return 1

    added = ingest(args.logs, trends)
    LOG.info("ingested %d new readings", added)
    save_cache(args.cache, trends)

    if args.show:
        for fid in sorted(trends):
            mean = trends[fid].mean
            shown = f"{mean:.2f} C" if mean is not None else "n/a"
            print(f"{fid:<12} {shown:>9}  ({len(trends[fid].samples)} samples)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
