#!/usr/bin/env python3
"""Per-driver lap analytics for kart sessions.

Takes the session CSVs written by the lap importer (kart, transponder, lap,
lap_time_s) and produces a JSON report per session: best lap, average of the
best five, consistency (stdev of clean laps), and a simple pace trend so the
marshals can spot who should be moved up a group. Reports are cached by the
MD5 of the input so re-running over a whole season is quick.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import statistics
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("lapstats")

CACHE = Path(".lapstats-cache")


def read_session(path):
    laps = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                laps.setdefault(row["kart"], []).append(float(row["lap_time_s"]))
            except (KeyError, ValueError):
                log.debug("bad row in %s: %r", path, row)
    return laps


def clean(laps, tolerance=1.07):
    if not laps:
        return []
    best = min(laps)
    return [x for x in laps if x <= best * tolerance]


def trend(laps):
    """Least-squares slope in seconds per lap; negative means getting faster."""
    n = len(laps)
    if n < 3:
        return 0.0
    xs = range(n)
    mx, my = (n - 1) / 2, sum(laps) / n
    num = sum((x - mx) * (y - my) for x, y in zip(xs, laps))
    den = sum((x - mx) ** 2 for x in xs)
    return round(num / den, 4)


def analyse(laps):
    out = {}
    for kart, times in laps.items():
        good = clean(times)
        top5 = sorted(times)[:5]
        out[kart] = {
            "laps": len(times),
            "best": min(times) if times else None,
            "avg_best5": round(statistics.mean(top5), 3) if top5 else None,
            "consistency": round(statistics.pstdev(good), 3) if len(good) > 1 else None,
            "trend_s_per_lap": trend(times),
        }
    ranked = sorted((v["best"], k) for k, v in out.items() if v["best"] is not None)
    for pos, (_, kart) in enumerate(ranked, 1):
        out[kart]["position"] = pos
    return out


def cache_path(src):
    digest = hashlib.md5(Path(src).read_bytes()).hexdigest()
    return CACHE / f"{Path(src).stem}-{digest}.json"


def report_for(src, out_dir, force):
    cp = cache_path(src)
    if cp.exists() and not force:
        result = json.loads(cp.read_text())
    else:
        result = analyse(read_session(src))
        CACHE.mkdir(exist_ok=True)
        cp.write_text(json.dumps(result))
    dest = out_dir / f"{Path(src).stem}.report.json"
    dest.write_text(json.dumps({"session": Path(src).stem, "karts": result}, indent=2))
    os.chmod(dest, 0o600)
    return dest, len(result)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sessions", nargs="*", help="session CSVs (default: sessions/*.csv)")
    ap.add_argument("--out", default="reports")
    ap.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.clear_cache and CACHE.is_dir():
        for f in CACHE.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    sources = [Path(s) for s in args.sessions] or sorted(Path("sessions").glob("*.csv"))
    if not sources:
        log.error("no session files found")
        return 1
    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(report_for, s, out_dir, args.force): s for s in sources}
        for fut, src in futures.items():
            try:
                dest, n = fut.result()
                log.info("%s: %d karts -> %s", src.name, n, dest)
            except OSError as exc:
                log.error("%s: %s", src, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
