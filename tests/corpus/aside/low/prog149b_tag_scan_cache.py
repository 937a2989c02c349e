#!/usr/bin/env python3
"""Build a lookup cache of ear tag scans for the drafting race.

The panel readers dump a CSV per session (timestamp, EID, visual tag,
weight). Parsing hundreds of session files each morning is slow, so each
file's parsed result is cached in ./.tagcache, keyed by an MD5 of the
file's content. `--clean` removes the cache directory.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("tagcache")

CACHE_DIR = Path(".tagcache")


def content_key(path):
    h = hashlib.md5()  # cache key only
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def parse_session(path):
    animals = {}
    with open(path, newline="", encoding="utf-8", errors="replace") as fh:
        for row in csv.reader(fh):
            if len(row) < 3 or not row[1].strip().isdigit():
                continue
            eid = row[1].strip()
            rec = animals.setdefault(eid, {"visual": row[2].strip(), "weights": []})
            if len(row) > 3:
                try:
                    rec["weights"].append(float(row[3]))
                except ValueError:
                    pass
    return animals


class TagCache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(exist_ok=True)
        os.chmod(self.root, 0o700)
        self.hits = self.misses = 0

    def _path(self, key):
        return self.root / (key + ".json")

    def get_or_parse(self, session_file):
        key = content_key(session_file)
        p = self._path(key)
        if p.exists():
            self.hits += 1
            return json.loads(p.read_text())
        self.misses += 1
        data = parse_session(session_file)
        # write atomically so a half-written cache file is never read
        fd, tmp = tempfile.mkstemp(dir=self.root, suffix=".part")
        with os.fdopen(fd, "w") as fh:
            json.dump(data, fh)
        os.chmod(tmp, 0o600)
        os.replace(tmp, p)
        return data


def merge(results):
    merged = {}
    for animals in results:
        for eid, rec in animals.items():
            m = merged.setdefault(eid, {"visual": rec["visual"], "weights": []})
            m["weights"].extend(rec["weights"])
    return merged


def main():
    ap = argparse.ArgumentParser(description="Ear tag scan cache")
    ap.add_argument("sessions", nargs="*", help="reader session CSVs")
    ap.add_argument("--out", default="tag_index.json")
    ap.add_argument("--clean", action="store_true", help="delete the cache and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        if CACHE_DIR.exists():
            shutil.rmtree(CACHE_DIR)
            log.info("removed %s", CACHE_DIR)
        return 0

    cache = TagCache(CACHE_DIR)
    results = []
    for s in args.sessions:
        try:
            results.append(cache.get_or_parse(s))
        except OSError as exc:
            log.error("skipping %s: %s", s, exc)

    index = merge(results)
    with open(args.out, "w") as fh:
        json.dump(index, fh, indent=1, sort_keys=True)
    os.chmod(args.out, 0o600)
    log.info("%d animals indexed (%d cached, %d parsed)",
             len(index), cache.hits, cache.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
