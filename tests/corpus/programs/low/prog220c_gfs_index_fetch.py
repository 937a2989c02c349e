#!/usr/bin/env python3
"""Fetch and parse global model GRIB2 index files for boundary condition planning.

Before requesting boundary conditions for the regional model, the planner
needs to know which fields and levels each global model forecast step
provides. This tool downloads the small .idx inventory files from the
mirror, caches them in the working directory (keyed by an MD5 of the URL)
and prints a per-step summary of the available variables.

Usage:
    prog220c_gfs_index_fetch.py --cycle 2024061200 --steps 0-48/3 [--var TMP --var UGRD]
"""

import argparse
import hashlib
import json
import logging
import sys
import urllib.error
import urllib.request
from pathlib import Path

MIRROR = "https://nwp-mirror.example.org/global/0p25"
CACHE_DIR = Path("./idx_cache")

log = logging.getLogger("idx_fetch")


class IndexEntry:
    __slots__ = ("num", "offset", "var", "level", "step")

    def __init__(self, line):
        parts = line.split(":")
        if len(parts) < 6:
            raise ValueError(f"short index line: {line!r}")
        self.num = int(parts[0])
        self.offset = int(parts[1])
        self.var = parts[3]
        self.level = parts[4]
        self.step = parts[5]


def parse_steps(spec):
    rng, _, stride = spec.partition("/")
    start, _, end = rng.partition("-")
    return list(range(int(start), int(end or start) + 1, int(stride or 1)))


def idx_url(cycle, step):
    day, hour = cycle[:8], cycle[8:10]
    return f"{MIRROR}/{day}/{hour}/global.t{hour}z.pgrb2.0p25.f{step:03d}.idx"


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".idx")


def get_index(url, timeout, refresh=False):
    path = cache_path(url)
    if path.exists() and not refresh:
        log.debug("cache hit for %s", url)
        return path.read_text()
    req = urllib.request.Request(url, headers={"User-Agent": "nwp-bc-planner/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        text = resp.read().decode("ascii", errors="replace")
    path.write_text(text)
    return text


def summarise(text, wanted):
    entries = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            entries.append(IndexEntry(line))
        except ValueError as exc:
            log.debug("skip: %s", exc)
    if wanted:
        entries = [e for e in entries if e.var in wanted]
    levels = {}
    for e in entries:
        levels.setdefault(e.var, set()).add(e.level)
    return {var: sorted(lv) for var, lv in sorted(levels.items())}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cycle", required=True, help="YYYYMMDDHH")
    ap.add_argument("--steps", default="0-24/3")
    ap.add_argument("--var", action="append", default=[])
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--json", help="write the summary to this file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    if len(args.cycle) != 10 or not args.cycle.isdigit():
        log.error("cycle must be YYYYMMDDHH, got %s", args.cycle)
        return 2
    CACHE_DIR.mkdir(exist_ok=True)

    summary, missing = {}, []
    for step in parse_steps(args.steps):
        url = idx_url(args.cycle, step)
        try:
            text = get_index(url, args.timeout, args.refresh)
        except (urllib.error.URLError, TimeoutError) as exc:
            log.warning("step f%03d unavailable: %s", step, exc)
            missing.append(step)
            continue
        summary[f"f{step:03d}"] = summarise(text, set(args.var))
        log.info("f%03d: %d variables", step, len(summary[f"f{step:03d}"]))

    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2))
        log.info("summary written to %s", args.json)
    if missing:
        log.warning("missing steps: %s", ", ".join(f"f{s:03d}" for s in missing))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
