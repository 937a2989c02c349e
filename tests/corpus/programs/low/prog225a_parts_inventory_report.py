#!/usr/bin/env python3
"""parts_inventory_report.py - inventory of scanned parts in the library workspace.

Walks the library's ./parts folder (one sub-folder per work, one PDF per
part), compares it with the expected part list in catalogue.csv and writes
a report of missing or changed parts. File fingerprints are cached in
./.inventory_cache so unchanged PDFs are not re-read on every run; stale
cache entries for deleted works are removed.

Usage:
    parts_inventory_report.py [--parts ./parts] [--catalogue catalogue.csv] [--out report.csv]
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("inventory")

CACHE_DIR = Path("./.inventory_cache")


class FingerprintCache:
    """MD5 fingerprints of part files, keyed by path, size and mtime."""

    def __init__(self, directory):
        self.directory = directory
        self.directory.mkdir(exist_ok=True)
        self.file = directory / "fingerprints.json"
        self.data = json.loads(self.file.read_text()) if self.file.exists() else {}
        self.seen = set()

    def fingerprint(self, path):
        st = path.stat()
        key = hashlib.md5(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode(), usedforsecurity=False).hexdigest()
        self.seen.add(key)
        if key not in self.data:
            with path.open("rb") as fh:
                self.data[key] = hashlib.md5(fh.read(), usedforsecurity=False).hexdigest()
        return self.data[key]

    def save(self):
        stale = set(self.data) - self.seen
        for key in stale:
            del self.data[key]
        self.file.write_text(json.dumps(self.data))
        if stale:
            log.info("dropped %d stale cache entr(y/ies)", len(stale))


def load_catalogue(path):
    expected = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            work = row["work"].strip()
            parts = [p.strip() for p in row["parts"].split(";") if p.strip()]
            expected[work] = parts
    return expected


def scan(parts_dir, expected, cache, previous):
    rows = []
    for work, parts in sorted(expected.items()):
        folder = parts_dir / work
        for part in parts:
            pdf = folder / f"{part}.pdf"
            if not pdf.exists():
                rows.append((work, part, "MISSING", ""))
                continue
            fp = cache.fingerprint(pdf)
            status = "CHANGED" if previous.get(f"{work}/{part}") not in (None, fp) else "ok"
            rows.append((work, part, status, fp))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", type=Path, default=Path("./parts"))
    parser.add_argument("--catalogue", default="catalogue.csv")
    parser.add_argument("--out", type=Path, default=Path("inventory_report.csv"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        expected = load_catalogue(args.catalogue)
    except (OSError, KeyError, csv.Error) as exc:
        log.error("cannot read catalogue: %s", exc)
        return 2

    previous = {}
    if args.out.exists():
        with args.out.open(newline="", encoding="utf-8") as fh:
            previous = {f"{r['work']}/{r['part']}": r["md5"] for r in csv.DictReader(fh) if r["md5"]}

    cache = FingerprintCache(CACHE_DIR)
    rows = scan(args.parts, expected, cache, previous)
    cache.save()

    with args.out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["work", "part", "status", "md5"])
        writer.writerows(rows)
    os.chmod(args.out, 0o600)

    missing = sum(1 for r in rows if r[2] == "MISSING")
    changed = sum(1 for r in rows if r[2] == "CHANGED")
    log.info("%d part(s) checked: %d missing, %d changed; report in %s",
             len(rows), missing, changed, args.out)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
