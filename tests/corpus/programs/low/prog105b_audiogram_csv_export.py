#!/usr/bin/env python3
"""Flatten booth audiogram exports into one CSV for the service audit.

The audiometers write one JSON file per test.  The quarterly audit wants a
single spreadsheet: one row per ear per test with thresholds at the standard
frequencies, the four-frequency average and the hearing-loss grade.  Files
already exported are remembered (by content hash) in .export_cache.json so
re-running only picks up new tests.
"""
import argparse
import csv
import hashlib
import json
import logging
import platform
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("audiogram_csv")

FREQS = (250, 500, 1000, 2000, 3000, 4000, 6000, 8000)
CACHE_FILE = Path(".export_cache.json")
GRADES = [(20, "normal"), (35, "mild"), (50, "moderate"), (65, "moderately severe"),
          (80, "severe"), (95, "profound"), (999, "complete")]


def system_label():
    """Short description of the machine the export was made on, for the
    audit trail footer."""
    try:
        info = dict(
            line.split("=", 1) for line in Path("/etc/os-release").read_text().splitlines() if "=" in line
        )
        name = info.get("PRETTY_NAME", "").strip('"')
    except OSError:
        name = platform.system()
    return f"{platform.node()} / {name}"


def load_cache():
    try:
        return set(json.loads(CACHE_FILE.read_text()))
    except (OSError, ValueError):
        return set()


def save_cache(keys):
    CACHE_FILE.write_text(json.dumps(sorted(keys)))


def content_key(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def four_freq_average(points):
    vals = [points.get(f) for f in (500, 1000, 2000, 4000)]
    if any(v is None for v in vals):
        return None
    return round(sum(vals) / 4, 1)


def grade(avg):
    if avg is None:
        return ""
    return next(label for limit, label in GRADES if avg < limit)


def rows_from(path):
    data = json.loads(path.read_text())
    test_date = data.get("test_date") or datetime.fromtimestamp(path.stat().st_mtime).date().isoformat()
    for side in ("left", "right"):
        raw = data.get("air_conduction", {}).get(side)
        if not raw:
            continue
        points = {int(k): float(v) for k, v in raw.items()}
        avg = four_freq_average(points)
        row = {
            "patient_ref": data.get("patient_ref", ""),
            "test_date": test_date,
            "clinic": data.get("clinic", ""),
            "audiometer": data.get("device_serial", ""),
            "ear": side,
            "4fa": avg if avg is not None else "",
            "grade": grade(avg),
        }
        row.update({f"{f}Hz": points.get(f, "") for f in FREQS})
        yield row


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exports", type=Path, help="folder with audiogram JSON files")
    ap.add_argument("--out", type=Path, default=Path("audiogram_audit.csv"))
    ap.add_argument("--all", action="store_true", help="ignore the cache and export everything")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.exports.is_dir():
        LOG.error("%s is not a folder", args.exports)
        return 1

    seen = set() if args.all else load_cache()
    fields = ["patient_ref", "test_date", "clinic", "audiometer", "ear"] + \
             [f"{f}Hz" for f in FREQS] + ["4fa", "grade"]
    new_file = args.all or not args.out.exists()
    written = skipped = 0
    with args.out.open("w" if args.all else "a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        if new_file:
            writer.writeheader()
        for path in sorted(args.exports.glob("*.json")):
            key = content_key(path)
            if key in seen:
                skipped += 1
                continue
            try:
                for row in rows_from(path):
                    writer.writerow(row)
                    written += 1
            except (ValueError, KeyError) as exc:
                LOG.warning("skipping %s: %s", path.name, exc)
                continue
            seen.add(key)
    save_cache(seen)
    LOG.info("wrote %d rows (%d files unchanged) to %s on %s", written, skipped, args.out, system_label())
    return 0


if __name__ == "__main__":
    sys.exit(main())
