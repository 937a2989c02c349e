#!/usr/bin/env python3
"""Builds printable rosters for the week's wheel-throwing and handbuilding
classes from the booking export, with a small cache to skip unchanged files."""

import argparse
import csv
import hashlib
import json
import logging
import os
import shutil
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("roster")

CACHE_DIR = Path(".roster_cache")
OUT_DIR = Path("rosters")


def file_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def load_bookings(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return data.get("bookings", [])


class RosterBuilder:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.classes = defaultdict(list)

    def add(self, booking):
        if booking.get("status") == "cancelled":
            return
        key = (booking["class_date"], booking["class_name"])
        self.classes[key].append(booking)

    def write(self):
        self.out_dir.mkdir(exist_ok=True)
        written = []
        for (date, name), people in sorted(self.classes.items()):
            fname = self.out_dir / f"{date}_{name.lower().replace(' ', '_')}.csv"
            with open(fname, "w", newline="", encoding="utf-8") as fh:
                w = csv.writer(fh)
                w.writerow(["student", "phone", "clay", "paid"])
                for p in sorted(people, key=lambda b: b.get("student", "")):
                    w.writerow([p.get("student", ""), p.get("phone", ""),
                                p.get("clay", "stoneware"), "yes" if p.get("paid") else "no"])
            os.chmod(fname, 0o600)  # contains phone numbers
            written.append(fname)
        return written


def main():
    ap = argparse.ArgumentParser(description="Export weekly class rosters")
    ap.add_argument("export", help="booking system JSON export")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--clean", action="store_true", help="remove cache and rosters")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        for d in (CACHE_DIR, OUT_DIR):
            if d.exists():
                shutil.rmtree(d)
                LOG.info("removed %s", d)
        return 0

    try:
        key = file_key(args.export)
        marker = CACHE_DIR / key
        if marker.exists() and not args.force:
            LOG.info("export unchanged, rosters are current")
            return 0
        bookings = load_bookings(args.export)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read export: %s", exc)
        return 1

    builder = RosterBuilder(OUT_DIR)
    for b in bookings:
        try:
            builder.add(b)
        except KeyError as exc:
            LOG.warning("booking missing field %s", exc)
    files = builder.write()
    CACHE_DIR.mkdir(exist_ok=True)
    marker.touch()
    LOG.info("wrote %d rosters to %s", len(files), OUT_DIR)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
