#!/usr/bin/env python3
"""Somatic cell count trend report per member farm.

Reads SCC results as CSV on stdin (typically piped from the LIMS export
command), computes a rolling geometric mean per farm, caches the parsed
input under ./.cache keyed by an MD5 of the input, and writes:
  * scc_trend.csv   - the trend table
  * scc_trend.env   - shell variables other lab scripts can source
"""
import argparse
import csv
import hashlib
import json
import logging
import math
import os
import sys
import tempfile
from collections import defaultdict, deque
from pathlib import Path

LOG = logging.getLogger("scc_trend")


class InputCache:
    def __init__(self, directory: Path):
        self.directory = directory
        self.directory.mkdir(exist_ok=True)

    def key(self, raw: str) -> str:
        return hashlib.md5(raw.encode("utf-8")).hexdigest()

    def get(self, key: str):
        path = self.directory / f"{key}.json"
        if path.exists():
            LOG.debug("cache hit %s", key)
            return json.loads(path.read_text(encoding="utf-8"))
        return None

    def put(self, key: str, rows):
        # atomic write inside the cache directory
        with tempfile.NamedTemporaryFile("w", dir=self.directory, delete=False,
                                         suffix=".tmp", encoding="utf-8") as fh:
            json.dump(rows, fh)
            tmp = fh.name
        os.replace(tmp, self.directory / f"{key}.json")


class TrendCalculator:
    def __init__(self, window: int):
        self.window = window

    def compute(self, rows):
        per_farm = defaultdict(list)
        for r in rows:
            per_farm[r["farm_id"]].append((r["date"], float(r["scc_k"])))
        result = []
        for farm, samples in sorted(per_farm.items()):
            samples.sort()
            win = deque(maxlen=self.window)
            for day, value in samples:
                win.append(math.log(max(value, 1.0)))
                gmean = math.exp(sum(win) / len(win))
                result.append({"farm_id": farm, "date": day, "scc_k": value,
                               "rolling_gmean_k": round(gmean, 1)})
        return result


def parse_stdin(raw: str):
    rows = []
    for row in csv.DictReader(raw.splitlines()):
        if row.get("farm_id") and row.get("date") and row.get("scc_k"):
            rows.append({k: row[k] for k in ("farm_id", "date", "scc_k")})
    return rows


def write_outputs(trend, out_dir: Path, limit: float):
    table = out_dir / "scc_trend.csv"
    with table.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["farm_id", "date", "scc_k", "rolling_gmean_k"])
        w.writeheader()
        w.writerows(trend)
    latest = {}
    for t in trend:
        latest[t["farm_id"]] = t["rolling_gmean_k"]
    over = sorted(f for f, v in latest.items() if v > limit)
    env_file = out_dir / "scc_trend.env"
    env_file.write_text(
        f"SCC_TREND_FILE={table.resolve()}\n"
        f"SCC_FARMS_TOTAL={len(latest)}\n"
        f"SCC_FARMS_OVER_LIMIT=\"{' '.join(over)}\"\n",
        encoding="utf-8")
    os.chmod(env_file, 0o600)
    return table, over


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--window", type=int, default=int(os.environ.get("SCC_WINDOW", "3")))
    p.add_argument("--limit", type=float, default=float(os.environ.get("SCC_LIMIT_K", "400")))
    p.add_argument("--out", type=Path, default=Path("."))
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    raw = sys.stdin.read()
    if not raw.strip():
        LOG.error("no input on stdin; pipe the LIMS SCC export into this tool")
        return 1
    cache = InputCache(Path(".cache"))
    key = cache.key(raw)
    rows = cache.get(key)
    if rows is None:
        rows = parse_stdin(raw)
        cache.put(key, rows)
    LOG.info("%d SCC results", len(rows))
    try:
        trend = TrendCalculator(args.window).compute(rows)
    except ValueError as exc:
        LOG.error("bad SCC value: %s", exc)
        return 2
    table, over = write_outputs(trend, args.out, args.limit)
    LOG.info("trend written to %s; %d farms over %.0fk", table, len(over), args.limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
