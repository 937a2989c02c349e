#!/usr/bin/env python3
"""csvstat - column statistics for large CSV files, with a compressed cache.

Summaries are stored zlib-compressed JSON under ./.csvstat-cache keyed by the
MD5 of the file path, size and mtime, so unchanged files are not re-read.
"""
import csv
import hashlib
import json
import os
import statistics
import sys
import time
import zlib

CACHE_DIR = ".csvstat-cache"
MAX_AGE = 7 * 24 * 3600


def cache_key(path):
    st = os.stat(path)
    ident = f"{os.path.abspath(path)}|{st.st_size}|{st.st_mtime_ns}"
    return hashlib.md5(ident.encode()).hexdigest()


def cache_load(key):
    path = os.path.join(CACHE_DIR, key + ".json.z")
    try:
        with open(path, "rb") as fh:
            return json.loads(zlib.decompress(fh.read()).decode("utf-8"))
    except (OSError, zlib.error, ValueError):
        return None


def cache_store(key, summary):
    os.makedirs(CACHE_DIR, exist_ok=True)
    blob = zlib.compress(json.dumps(summary).encode("utf-8"), level=6)
    with open(os.path.join(CACHE_DIR, key + ".json.z"), "wb") as fh:
        fh.write(blob)


def prune_cache():
    if not os.path.isdir(CACHE_DIR):
        return 0
    now, removed = time.time(), 0
    for name in os.listdir(CACHE_DIR):
        path = os.path.join(CACHE_DIR, name)
        if name.endswith(".json.z") and now - os.path.getmtime(path) > MAX_AGE:
            os.remove(path)
            removed += 1
    return removed


def summarise(path):
    columns = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            for col, value in row.items():
                try:
                    columns.setdefault(col, []).append(float(value))
                except (TypeError, ValueError):
                    columns.setdefault(col, [])
    summary = {}
    for col, values in columns.items():
        if values:
            summary[col] = {
                "n": len(values),
                "min": min(values),
                "max": max(values),
                "mean": statistics.fmean(values),
            }
    return summary


def stats_for(path):
    key = cache_key(path)
    cached = cache_load(key)
    if cached is not None:
        return cached, True
    summary = summarise(path)
    cache_store(key, summary)
    return summary, False


def main(argv):
    if len(argv) < 2:
        print("usage: csvstat.py FILE.csv [...]")
        return 2
    for path in argv[1:]:
        summary, hit = stats_for(path)
        print(f"{path} ({'cached' if hit else 'computed'})")
        for col, s in summary.items():
            print(f"  {col:<20} n={s['n']:<8} min={s['min']:<10g} max={s['max']:<10g} mean={s['mean']:.3f}")
    print(f"pruned {prune_cache()} stale cache entries")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
