#!/usr/bin/env python3
"""Build the daily kill sheet report.

Combines the rail-scale weights, the grading results and the vet
dispositions for a kill date into one CSV + text summary for the
producer payments team. Intermediate parsed files are cached under
./build/cache so re-runs during the day are quick; --clean removes them.
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

log = logging.getLogger("kill_sheet")

BUILD_DIR = Path("build")
CACHE_DIR = BUILD_DIR / "cache"


def cache_key(path):
    st = os.stat(path)
    raw = "%s:%d:%d" % (os.path.abspath(path), st.st_size, int(st.st_mtime))
    return hashlib.md5(raw.encode()).hexdigest()


def load_csv_cached(path):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached = CACHE_DIR / (cache_key(path) + ".json")
    if cached.exists():
        return json.loads(cached.read_text())
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    cached.write_text(json.dumps(rows))
    return rows


def write_atomic(path, text):
    """Write via a temp file in the same folder, then rename into place."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=".tmp_", suffix=path.suffix)
    try:
        with os.fdopen(fd, "w", newline="") as fh:
            fh.write(text)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def merge(weights, grades, vet):
    by_id = defaultdict(dict)
    for r in weights:
        by_id[r["carcass_id"]].update(hot_kg=float(r["hot_kg"]), producer=r["producer"])
    for r in grades:
        by_id[r["carcass_id"]].update(grid=r["grid"])
    for r in vet:
        by_id[r["carcass_id"]].update(disposition=r["disposition"])
    return by_id


def render(by_id):
    lines = ["carcass_id,producer,hot_kg,grid,disposition"]
    totals = defaultdict(float)
    for cid in sorted(by_id):
        rec = by_id[cid]
        disp = rec.get("disposition", "passed")
        lines.append("%s,%s,%.1f,%s,%s" % (cid, rec.get("producer", "?"), rec.get("hot_kg", 0.0),
                                          rec.get("grid", "-"), disp))
        if disp == "passed":
            totals[rec.get("producer", "?")] += rec.get("hot_kg", 0.0)
    summary = ["Producer totals (passed carcasses, hot weight kg)"]
    summary += ["  %-20s %10.1f" % (p, kg) for p, kg in sorted(totals.items())]
    return "\n".join(lines) + "\n", "\n".join(summary) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Daily kill sheet")
    ap.add_argument("--date", required=False, help="kill date YYYY-MM-DD")
    ap.add_argument("--data", default="data")
    ap.add_argument("--clean", action="store_true", help="remove ./build and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clean:
        if BUILD_DIR.exists():
            shutil.rmtree(BUILD_DIR)
            log.info("removed %s", BUILD_DIR)
        return 0
    if not args.date:
        ap.error("--date is required unless --clean")

    d = Path(args.data)
    try:
        weights = load_csv_cached(d / ("weights_%s.csv" % args.date))
        grades = load_csv_cached(d / ("grades_%s.csv" % args.date))
        vet = load_csv_cached(d / ("vet_%s.csv" % args.date))
    except FileNotFoundError as exc:
        log.error("missing input: %s", exc.filename)
        return 1

    sheet, summary = render(merge(weights, grades, vet))
    write_atomic("kill_sheet_%s.csv" % args.date, sheet)
    write_atomic("kill_sheet_%s.txt" % args.date, summary)
    log.info("kill sheet for %s written", args.date)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
