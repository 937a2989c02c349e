#!/usr/bin/env python3
"""Summarise Tajima DST stitch files for quoting.

Reads the 512-byte DST header of each file (label, stitch count, colour
changes, extents), estimates run time on the shop's heads and a thread cost,
and prints a table or CSV for the quote sheet.  Parsed headers are cached in
./.dst_cache keyed by the file content hash so large folders re-run quickly.
"""
import argparse
import csv
import hashlib
import json
import logging
import shutil
import sys
from pathlib import Path

log = logging.getLogger("dstsummary")

CACHE_DIR = Path(".dst_cache")
HEAD_SPEED_SPM = 750
METRES_PER_1000_STITCHES = 4.8


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def parse_header(raw):
    text = raw[:512].decode("latin-1", "replace")
    fields = {}
    for chunk in text.replace("\n", "\r").split("\r"):
        if len(chunk) >= 3 and chunk[2] == ":":
            fields[chunk[:2].strip()] = chunk[3:].strip(" \x1a")
    def num(key):
        try:
            return int(fields.get(key, "0").strip() or 0)
        except ValueError:
            return 0
    width = (num("+X") + num("-X")) / 10.0
    height = (num("+Y") + num("-Y")) / 10.0
    return {
        "label": fields.get("LA", ""),
        "stitches": num("ST"),
        "colour_changes": num("CO"),
        "width_mm": width,
        "height_mm": height,
    }


def summarise(path, use_cache=True):
    key = cache_key(path)
    cached = CACHE_DIR / f"{key}.json"
    if use_cache and cached.exists():
        info = json.loads(cached.read_text())
    else:
        with open(path, "rb") as fh:
            info = parse_header(fh.read(512))
        if use_cache:
            CACHE_DIR.mkdir(exist_ok=True)
            cached.write_text(json.dumps(info))
    info = dict(info, file=path.name)
    info["minutes"] = round(info["stitches"] / HEAD_SPEED_SPM + info["colour_changes"] * 0.25, 1)
    info["thread_m"] = round(info["stitches"] / 1000 * METRES_PER_1000_STITCHES, 1)
    return info


def iter_designs(targets):
    for t in targets:
        p = Path(t)
        if p.is_dir():
            yield from sorted(x for x in p.rglob("*") if x.suffix.lower() == ".dst")
        elif p.suffix.lower() == ".dst":
            yield p
        else:
            log.warning("not a DST file: %s", p)


def print_table(rows):
    print(f"{'file':<28}{'stitches':>9}{'colours':>8}{'size mm':>14}{'min':>7}{'thread m':>9}")
    for r in rows:
        size = f"{r['width_mm']:.0f}x{r['height_mm']:.0f}"
        print(f"{r['file'][:27]:<28}{r['stitches']:>9}{r['colour_changes'] + 1:>8}"
              f"{size:>14}{r['minutes']:>7}{r['thread_m']:>9}")


def main():
    ap = argparse.ArgumentParser(description="summarise DST designs for quoting")
    ap.add_argument("targets", nargs="*", default=["."])
    ap.add_argument("--csv", metavar="FILE", help="write CSV instead of a table")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")

    rows = []
    for path in iter_designs(args.targets):
        try:
            rows.append(summarise(path, use_cache=not args.no_cache))
        except (OSError, ValueError) as exc:
            log.error("%s: %s", path, exc)
    if not rows:
        log.warning("no DST files found")
        return 1
    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        log.info("wrote %d row(s) to %s", len(rows), args.csv)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
