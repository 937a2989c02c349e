#!/usr/bin/env python3
"""Daily bin fill report for the public drop-off area.

Reads the ultrasonic fill-sensor CSV exports, works out which skips and
banks need emptying, and writes a plain-text report for the yard team.
Parsed exports are cached so re-runs during the day are quick.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
from collections import defaultdict
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("bin-fill")

CACHE_DIR = Path(".bin_fill_cache")
THRESHOLDS = {"skip": 0.80, "bottle_bank": 0.75, "textile_bank": 0.70, "default": 0.85}


def cache_key(path):
    stat = path.stat()
    raw = "{}:{}:{}".format(path.resolve(), stat.st_size, int(stat.st_mtime))
    return hashlib.md5(raw.encode()).hexdigest()


def load_readings(path, use_cache=True):
    key = cache_key(path)
    cached = CACHE_DIR / "{}.json".format(key)
    if use_cache and cached.exists():
        LOG.debug("cache hit for %s", path.name)
        return json.loads(cached.read_text())

    readings = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            try:
                depth = float(row["container_depth_cm"])
                distance = float(row["sensor_distance_cm"])
            except (KeyError, ValueError):
                continue
            fill = max(0.0, min(1.0, (depth - distance) / depth)) if depth else 0.0
            readings.append({
                "container": row.get("container_id", "?"),
                "kind": row.get("kind", "default"),
                "time": row.get("timestamp", ""),
                "fill": round(fill, 3),
            })

    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(readings))
    return readings


def latest_per_container(readings):
    latest = {}
    for item in readings:
        current = latest.get(item["container"])
        if current is None or item["time"] > current["time"]:
            latest[item["container"]] = item
    return latest


def host_description():
    release = Path("/etc/os-release")
    if release.exists():
        for line in release.read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    return "unknown host"


def build_report(latest):
    groups = defaultdict(list)
    for item in latest.values():
        limit = THRESHOLDS.get(item["kind"], THRESHOLDS["default"])
        status = "EMPTY NOW" if item["fill"] >= limit else "ok"
        groups[status].append(item)

    lines = ["Bin fill report {}".format(datetime.now().strftime("%Y-%m-%d %H:%M")), ""]
    for status in ("EMPTY NOW", "ok"):
        lines.append("{} ({})".format(status, len(groups[status])))
        for item in sorted(groups[status], key=lambda i: -i["fill"]):
            lines.append("  {:<12} {:<14} {:>5.0%}".format(item["container"], item["kind"], item["fill"]))
        lines.append("")
    lines.append("generated on {}".format(host_description()))
    return "\n".join(lines) + "\n"


def parse_args():
    parser = argparse.ArgumentParser(description="Bin fill report")
    parser.add_argument("exports", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=Path("bin_fill_report.txt"))
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--clear-cache", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if args.clear_cache and CACHE_DIR.exists():
        for item in CACHE_DIR.glob("*.json"):
            item.unlink()
        LOG.info("cache cleared")

    readings = []
    for path in args.exports:
        if path.is_file():
            readings.extend(load_readings(path, use_cache=not args.no_cache))
        else:
            LOG.warning("missing export %s", path)

    report = build_report(latest_per_container(readings))
    args.out.write_text(report)
    os.chmod(args.out, 0o600)
    LOG.info("report written to %s (%d containers)", args.out, len(latest_per_container(readings)))


if __name__ == "__main__":
    main()
