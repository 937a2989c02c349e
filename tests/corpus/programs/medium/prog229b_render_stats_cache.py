#!/usr/bin/env python3
"""Render log statistics with a pickle cache.

Parses renderer logs for a shot (frame time, peak memory, warnings) and
prints a summary.  Parsed results are cached per log file in a pickle so
re-running over a big sequence is quick; the cache directory can be shared
between wranglers on the show's scratch space.
"""
import argparse
import hashlib
import logging
import os
import pickle
import re
import subprocess
import sys

log = logging.getLogger("render-stats")

TIME_RE = re.compile(r"Render time:\s+(\d+):(\d+):(\d+)")
MEM_RE = re.compile(r"Peak memory:\s+([\d.]+)\s*(MB|GB)")


class FrameStats:
    __slots__ = ("frame", "seconds", "peak_mb", "warnings")

    def __init__(self, frame, seconds=0, peak_mb=0.0, warnings=0):
        self.frame = frame
        self.seconds = seconds
        self.peak_mb = peak_mb
        self.warnings = warnings


class StatsCache:
    def __init__(self, cache_dir):
        self.cache_dir = cache_dir
        os.makedirs(cache_dir, exist_ok=True)

    def _key(self, path):
        st = os.stat(path)
        raw = f"{os.path.abspath(path)}:{st.st_size}:{int(st.st_mtime)}"
        return hashlib.md5(raw.encode()).hexdigest()

    def get(self, path):
        entry = os.path.join(self.cache_dir, self._key(path) + ".pkl")
        if not os.path.exists(entry):
            return None
        try:
            with open(entry, "rb") as fh:
                return pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            log.warning("bad cache entry %s: %s", entry, exc)
            return None

    def put(self, path, stats):
        entry = os.path.join(self.cache_dir, self._key(path) + ".pkl")
        with open(entry, "wb") as fh:
            pickle.dump(stats, fh)


def count_warnings(path):
    """Let grep do the heavy lifting on multi-GB logs."""
    proc = subprocess.run(
        ["bash", "-c", 'grep -c -i "warning" -- "$LOGFILE" || true'],
        env=dict(os.environ, LOGFILE=path),
        capture_output=True, text=True,
    )
    try:
        return int(proc.stdout.strip() or 0)
    except ValueError:
        return 0


def parse_log(path, frame):
    stats = FrameStats(frame)
    with open(path, errors="replace") as fh:
        for line in fh:
            m = TIME_RE.search(line)
            if m:
                h, mnt, s = (int(x) for x in m.groups())
                stats.seconds = h * 3600 + mnt * 60 + s
            m = MEM_RE.search(line)
            if m:
                val = float(m.group(1))
                stats.peak_mb = val * 1024 if m.group(2) == "GB" else val
    stats.warnings = count_warnings(path)
    return stats


def frame_number(name):
    m = re.search(r"(\d+)\.log$", name)
    return int(m.group(1)) if m else -1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("logdir")
    ap.add_argument("--cache", default="./.render_stats_cache")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not os.path.isdir(args.logdir):
        log.error("not a directory: %s", args.logdir)
        return 1
    cache = StatsCache(args.cache)
    results = []
    for name in sorted(os.listdir(args.logdir)):
        if not name.endswith(".log"):
            continue
        path = os.path.join(args.logdir, name)
        stats = None if args.no_cache else cache.get(path)
        if stats is None:
            try:
                stats = parse_log(path, frame_number(name))
            except OSError as exc:
                log.warning("skip %s: %s", path, exc)
                continue
            cache.put(path, stats)
        results.append(stats)

    if not results:
        log.info("no logs found")
        return 0
    total = sum(s.seconds for s in results)
    worst = max(results, key=lambda s: s.seconds)
    print(f"frames: {len(results)}  total: {total / 3600:.1f} h  "
          f"avg: {total / len(results):.0f} s")
    print(f"slowest: frame {worst.frame} ({worst.seconds} s)")
    print(f"peak memory: {max(s.peak_mb for s in results):.0f} MB")
    print(f"warnings: {sum(s.warnings for s in results)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
