#!/usr/bin/env python3
"""Summarise the solvent still's cycle logs for the monthly compliance sheet.

The still logger writes ./still_logs/cycle_YYYYMMDD_HHMM.csv files with
columns ts,temp_c,pressure_kpa,recovered_l. This tool totals solvent
recovered per day, flags cycles that ran hot, and writes a summary CSV.
Parsed files are cached by content hash so re-runs are quick.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import shutil
import tempfile
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("still-summary")

CACHE_DIR = Path(".still_cache")
MAX_TEMP_C = 180.0


def cache_key(path):
    # content hash only decides whether the cached parse is still valid
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def parse_cycle(path):
    key = cache_key(path)
    cached = CACHE_DIR / (key + ".json")
    if cached.exists():
        return json.loads(cached.read_text())
    peak, recovered = 0.0, 0.0
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                peak = max(peak, float(row["temp_c"]))
                recovered = max(recovered, float(row["recovered_l"]))
            except (KeyError, ValueError):
                continue
    result = {"file": path.name, "day": path.stem.split("_")[1],
              "peak": peak, "recovered": recovered}
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(result))
    return result


def write_summary(per_day, hot, out_path):
    # write to a private temp file in the same folder, then swap it in
    fd, tmp = tempfile.mkstemp(prefix=".summary-", dir=out_path.parent or ".")
    try:
        with os.fdopen(fd, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["day", "cycles", "recovered_l", "hot_cycles"])
            for day in sorted(per_day):
                cycles, litres = per_day[day]
                w.writerow([day, cycles, "%.1f" % litres, hot.get(day, 0)])
        os.chmod(tmp, 0o600)
        os.replace(tmp, out_path)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--logs", default="still_logs")
    ap.add_argument("--out", default="still_summary.csv")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")

    files = sorted(Path(args.logs).glob("cycle_*.csv"))
    if not files:
        log.error("no cycle logs in %s", args.logs)
        return 1

    per_day = defaultdict(lambda: [0, 0.0])
    hot = defaultdict(int)
    for f in files:
        try:
            r = parse_cycle(f)
        except (OSError, IndexError) as exc:
            log.warning("skipping %s: %s", f.name, exc)
            continue
        per_day[r["day"]][0] += 1
        per_day[r["day"]][1] += r["recovered"]
        if r["peak"] > MAX_TEMP_C:
            hot[r["day"]] += 1
            log.warning("%s peaked at %.1f C", f.name, r["peak"])

    write_summary(per_day, hot, Path(args.out))
    log.info("%d cycles over %d days -> %s", len(files), len(per_day), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
