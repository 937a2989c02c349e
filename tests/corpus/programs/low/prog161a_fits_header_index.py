#!/usr/bin/env python3
"""Build a searchable index of FITS frame headers.

Walks the frames folder, reads the primary header of each FITS file
(target, filter, exposure, date) and writes index.json plus a CSV that the
outreach team uses to pick images for the public gallery.  Parsed headers
are cached by file fingerprint so re-runs are quick.
"""
import argparse
import csv
import hashlib
import json
import logging
import sys
from pathlib import Path

LOG = logging.getLogger("fits-index")

CARD = 80
BLOCK = 2880
WANTED = ("OBJECT", "FILTER", "EXPTIME", "DATE-OBS", "TELESCOP", "INSTRUME",
          "NAXIS1", "NAXIS2")
CACHE_DIR = Path(".cache") / "fits-headers"


def fingerprint(path):
    st = path.stat()
    key = "%s|%d|%d" % (path.resolve(), st.st_size, int(st.st_mtime))
    return hashlib.md5(key.encode()).hexdigest()


def parse_value(raw):
    raw = raw.split("/", 1)[0].strip() if not raw.strip().startswith("'") else raw
    raw = raw.strip()
    if raw.startswith("'"):
        return raw[1:].split("'", 1)[0].strip()
    for cast in (int, float):
        try:
            return cast(raw)
        except ValueError:
            pass
    return raw


def read_header(path):
    header = {}
    with open(path, "rb") as fh:
        while True:
            block = fh.read(BLOCK)
            if len(block) < BLOCK:
                break
            for i in range(0, BLOCK, CARD):
                card = block[i:i + CARD].decode("ascii", errors="replace")
                keyword = card[:8].strip()
                if keyword == "END":
                    return header
                if card[8:10] == "= " and keyword in WANTED:
                    header[keyword] = parse_value(card[10:])
    return header


def cached_header(path, used_keys):
    key = fingerprint(path)
    used_keys.add(key)
    cache_file = CACHE_DIR / (key + ".json")
    if cache_file.exists():
        return json.loads(cache_file.read_text())
    header = read_header(path)
    cache_file.write_text(json.dumps(header))
    return header


def prune_cache(used_keys):
    removed = 0
    for entry in CACHE_DIR.glob("*.json"):
        if entry.stem not in used_keys:
            entry.unlink()
            removed += 1
    return removed


def build_index(root):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    used = set()
    records = []
    for path in sorted(root.rglob("*")):
        if path.suffix.lower() not in (".fits", ".fit", ".fts"):
            continue
        try:
            header = cached_header(path, used)
        except OSError as exc:
            LOG.warning("cannot read %s: %s", path, exc)
            continue
        records.append({"file": str(path.relative_to(root)), **header})
    removed = prune_cache(used)
    LOG.info("indexed %d frames, pruned %d stale cache entries", len(records), removed)
    return records


def write_outputs(records, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "index.json").write_text(json.dumps(records, indent=1))
    with open(out_dir / "index.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["file", *WANTED], extrasaction="ignore")
        writer.writeheader()
        writer.writerows(records)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("frames", type=Path, nargs="?", default=Path("frames"))
    ap.add_argument("--out", type=Path, default=Path("index"))
    ap.add_argument("--object", help="only print frames of this target")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.frames.is_dir():
        LOG.error("%s is not a directory", args.frames)
        return 1
    records = build_index(args.frames)
    write_outputs(records, args.out)
    if args.object:
        for rec in records:
            if str(rec.get("OBJECT", "")).lower() == args.object.lower():
                print("%s  %s  %ss" % (rec["file"], rec.get("FILTER", "-"),
                                       rec.get("EXPTIME", "?")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
