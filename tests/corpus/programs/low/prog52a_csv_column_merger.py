#!/usr/bin/env python3
"""Merge several CSV exports into one file, aligning columns and dropping duplicates.

Typical use:
    csvmerge exports/*.csv -o merged/all_orders.csv --key order_id
"""
import argparse
import csv
import hashlib
import logging
import sys
from pathlib import Path

log = logging.getLogger("csvmerge")


class RowDeduper:
    """Remembers a short fingerprint of every row already written."""

    def __init__(self, key_columns=None):
        self.key_columns = key_columns or []
        self._seen = set()
        self.dropped = 0

    def _fingerprint(self, row):
        if self.key_columns:
            material = "\x1f".join(str(row.get(c, "")) for c in self.key_columns)
        else:
            material = "\x1f".join(f"{k}={row[k]}" for k in sorted(row))
        # md5 is only a cheap cache/dedup key here, not a security boundary
        return hashlib.md5(material.encode("utf-8")).hexdigest()

    def accept(self, row):
        fp = self._fingerprint(row)
        if fp in self._seen:
            self.dropped += 1
            return False
        self._seen.add(fp)
        return True


def sniff_dialect(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        sample = fh.read(4096)
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t|")
    except csv.Error:
        return csv.excel


def collect_header(paths):
    header = []
    for p in paths:
        with open(p, newline="", encoding="utf-8-sig") as fh:
            reader = csv.reader(fh, sniff_dialect(p))
            for col in next(reader, []):
                col = col.strip()
                if col and col not in header:
                    header.append(col)
    return header


def iter_rows(paths):
    for p in paths:
        with open(p, newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh, dialect=sniff_dialect(p)):
                yield p, {k.strip(): (v or "").strip() for k, v in row.items() if k}


def merge(paths, out_path, key_columns, add_source):
    header = collect_header(paths)
    if add_source:
        header.append("source_file")
    dedupe = RowDeduper(key_columns)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    written = 0
    with open(out_path, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=header, extrasaction="ignore")
        writer.writeheader()
        for src, row in iter_rows(paths):
            if not dedupe.accept(row):
                continue
            if add_source:
                row["source_file"] = Path(src).name
            writer.writerow(row)
            written += 1
    log.info("wrote %d rows to %s (%d duplicates dropped)", written, out_path, dedupe.dropped)
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("merged/merged.csv"))
    ap.add_argument("--key", action="append", default=[], help="column(s) identifying a row")
    ap.add_argument("--add-source", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    missing = [p for p in args.inputs if not p.is_file()]
    if missing:
        log.error("missing input(s): %s", ", ".join(map(str, missing)))
        return 2
    try:
        merge(args.inputs, args.output, args.key, args.add_source)
    except (OSError, csv.Error, UnicodeDecodeError) as exc:
        log.error("merge failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
