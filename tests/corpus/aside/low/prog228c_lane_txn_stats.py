#!/usr/bin/env python3
"""lane_txn_stats - daily per-lane transaction statistics from gantry exports.

Reads the CSV transaction exports in the working directory, computes per
lane counts, tariff-class mix and read-confidence percentiles, and writes a
JSON report that embeds a thumbnail of the lowest-confidence read for the
morning review meeting.
"""

import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

LOG = logging.getLogger("txnstats")

SETTINGS = {
    "pattern": "txn_*.csv",
    "cache": ".stats_cache",
    "thumbs": "thumbs",
    "report": "lane_report.json",
    "low_conf": 0.80,
}


def cache_key(path):
    st = path.stat()
    return hashlib.md5(f"{path.name}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()


class LaneStats:
    def __init__(self):
        self.count = 0
        self.classes = Counter()
        self.conf = []
        self.worst = None  # (confidence, read_id)

    def add(self, row):
        self.count += 1
        self.classes[row["tariff_class"]] += 1
        c = float(row["confidence"])
        self.conf.append(c)
        if self.worst is None or c < self.worst[0]:
            self.worst = (c, row["read_id"])

    def summary(self, low):
        qs = statistics.quantiles(self.conf, n=20) if len(self.conf) >= 2 else self.conf
        return {
            "count": self.count,
            "classes": dict(self.classes),
            "conf_p5": round(qs[0], 3) if qs else None,
            "conf_median": round(statistics.median(self.conf), 3) if self.conf else None,
            "low_conf_reads": sum(1 for c in self.conf if c < low),
            "worst_read": self.worst[1] if self.worst else None,
        }


def load_file(path, cache_dir):
    cached = cache_dir / f"{cache_key(path)}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    with path.open(newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r.get("lane")]
    cached.write_text(json.dumps(rows))
    return rows


def thumbnail_b64(read_id, thumbs_dir):
    p = thumbs_dir / f"{read_id}.jpg"
    if not p.is_file():
        return None
    return base64.b64encode(p.read_bytes()).decode("ascii")


def prune_cache(cache_dir, keep):
    removed = 0
    for f in cache_dir.glob("*.json"):
        if f.stem not in keep:
            f.unlink()
            removed += 1
    return removed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Per-lane transaction statistics")
    ap.add_argument("--dir", default=".", help="directory with txn_*.csv exports")
    ap.add_argument("--out", default=SETTINGS["report"])
    ap.add_argument("--low", type=float, default=SETTINGS["low_conf"])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    base = Path(args.dir)
    cache_dir = base / SETTINGS["cache"]
    cache_dir.mkdir(exist_ok=True)
    lanes = defaultdict(LaneStats)
    keys = set()

    files = sorted(base.glob(SETTINGS["pattern"]))
    if not files:
        LOG.error("no exports matching %s in %s", SETTINGS["pattern"], base)
        return 1
    for f in files:
        keys.add(cache_key(f))
        try:
            for row in load_file(f, cache_dir):
                lanes[row["lane"]].add(row)
        except (KeyError, ValueError, csv.Error) as exc:
            LOG.warning("skipping %s: %s", f.name, exc)

    report = {"files": [f.name for f in files], "lanes": {}}
    for lane, st in sorted(lanes.items()):
        s = st.summary(args.low)
        s["worst_thumb_b64"] = thumbnail_b64(s["worst_read"], base / SETTINGS["thumbs"])
        report["lanes"][lane] = s

    out = Path(args.out)
    out.write_text(json.dumps(report, indent=2))
    os.chmod(out, 0o600)
    LOG.info("report for %d lane(s) written to %s; pruned %d cache file(s)",
             len(lanes), out, prune_cache(cache_dir, keys))
    return 0


if __name__ == "__main__":
    sys.exit(main())
