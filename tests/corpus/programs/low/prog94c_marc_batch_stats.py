#!/usr/bin/env python3
"""Summarise incoming MARC21 batches before they are loaded into the catalogue.

For each ``.mrc`` file in ./incoming the tool counts records, record types,
encoding levels and missing key fields (245 title, 020 ISBN, 050/082 class
numbers), so cataloguers can spot a bad vendor batch before it is imported.
Per-file results are cached under ./.cache keyed by content hash so that
re-running over a large backlog is quick.
"""
import argparse
import csv
import hashlib
import json
import logging
from collections import Counter
from pathlib import Path

log = logging.getLogger("marc-stats")
RT = b"\x1d"  # record terminator
FT = b"\x1e"  # field terminator
CACHE_DIR = Path(".cache/marc_stats")
KEY_FIELDS = ("245", "020", "050", "082", "100", "264")


def iter_raw_records(path):
    buf = path.read_bytes()
    for chunk in buf.split(RT):
        chunk = chunk.lstrip(b"\r\n")
        if len(chunk) >= 24:
            yield chunk + RT


def parse_directory(raw):
    """Return (leader, set of tags) from an ISO 2709 record."""
    leader = raw[:24].decode("ascii", "replace")
    try:
        base = int(leader[12:17])
    except ValueError:
        raise ValueError("bad base address in leader")
    directory = raw[24:base - 1]
    tags = set()
    for i in range(0, len(directory) - len(directory) % 12, 12):
        tags.add(directory[i:i + 3].decode("ascii", "replace"))
    return leader, tags


def file_stats(path):
    stats = {"records": 0, "bad": 0, "type": Counter(), "level": Counter(),
             "missing": Counter()}
    for raw in iter_raw_records(path):
        try:
            leader, tags = parse_directory(raw)
        except ValueError:
            stats["bad"] += 1
            continue
        stats["records"] += 1
        stats["type"][leader[6]] += 1
        stats["level"][leader[17] if leader[17] != " " else "full"] += 1
        for tag in KEY_FIELDS:
            if tag not in tags:
                stats["missing"][tag] += 1
    return stats


def cache_key(path):
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def cached_stats(path, use_cache=True):
    key = cache_key(path)
    entry = CACHE_DIR / f"{key}.json"
    if use_cache and entry.exists():
        return json.loads(entry.read_text())
    stats = file_stats(path)
    serialisable = {k: dict(v) if isinstance(v, Counter) else v for k, v in stats.items()}
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    entry.write_text(json.dumps(serialisable))
    return serialisable


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--incoming", default="incoming")
    ap.add_argument("--out", default="batch_stats.csv")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    files = sorted(Path(args.incoming).glob("*.mrc"))
    if not files:
        log.warning("no .mrc files in %s", args.incoming)
        return 0

    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["file", "records", "unreadable", "books", "full_level"]
                   + [f"missing_{t}" for t in KEY_FIELDS])
        for path in files:
            s = cached_stats(path, use_cache=not args.no_cache)
            w.writerow([path.name, s["records"], s["bad"], s["type"].get("a", 0),
                        s["level"].get("full", 0)]
                       + [s["missing"].get(t, 0) for t in KEY_FIELDS])
            if s["records"] and s["missing"].get("245", 0) > s["records"] * 0.01:
                log.warning("%s: %d records without a title", path.name, s["missing"]["245"])
    log.info("wrote %s (%d files)", args.out, len(files))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
