#!/usr/bin/env python3
"""Garment tag image cache for the intake camera.

Intake staff photograph each garment's care label and any stains. This
tool de-duplicates the photos in the working spool by content hash,
builds thumbnails-index JSON and clears stale cache entries.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

log = logging.getLogger("tagcache")

SPOOL = Path(os.environ.get("TAG_PHOTO_SPOOL", "./intake_photos"))
CACHE = Path(os.environ.get("TAG_CACHE_DIR", "./.tagcache"))
MAX_AGE_DAYS = int(os.environ.get("TAG_CACHE_DAYS", "30"))
EXTS = {".jpg", ".jpeg", ".png", ".heic"}


def cache_key(path, chunk=1 << 16):
    h = hashlib.md5()  # cache key only, not security relevant
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


class TagIndex:
    def __init__(self, cache_dir):
        self.dir = cache_dir
        self.dir.mkdir(parents=True, exist_ok=True)
        self.file = self.dir / "index.json"
        self.data = json.loads(self.file.read_text()) if self.file.exists() else {}

    def add(self, key, path, ticket):
        entry = self.data.setdefault(key, {"paths": [], "tickets": [], "seen": 0})
        if str(path) not in entry["paths"]:
            entry["paths"].append(str(path))
        if ticket and ticket not in entry["tickets"]:
            entry["tickets"].append(ticket)
        entry["seen"] = int(time.time())

    def save(self):
        tmp = self.file.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.data, indent=1, sort_keys=True))
        os.chmod(tmp, 0o600)
        tmp.replace(self.file)

    def prune(self, max_age_days):
        cutoff = time.time() - max_age_days * 86400
        stale = [k for k, v in self.data.items() if v["seen"] < cutoff]
        for k in stale:
            del self.data[k]
        return len(stale)


def ticket_from_name(name):
    # photos are named like DC-014-00231_label.jpg
    parts = name.split("_", 1)
    return parts[0] if parts[0].upper().startswith("DC-") else None


def scan(spool, index, remove_dupes):
    seen, dupes = {}, 0
    for p in sorted(spool.rglob("*")):
        if p.suffix.lower() not in EXTS or not p.is_file():
            continue
        key = cache_key(p)
        index.add(key, p.relative_to(spool), ticket_from_name(p.name))
        if key in seen:
            dupes += 1
            log.info("duplicate %s == %s", p.name, seen[key].name)
            if remove_dupes:
                p.unlink()
        else:
            seen[key] = p
    return len(seen), dupes


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spool", type=Path, default=SPOOL)
    ap.add_argument("--remove-duplicates", action="store_true")
    ap.add_argument("--max-age", type=int, default=MAX_AGE_DAYS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.spool.is_dir():
        ap.error(f"spool not found: {args.spool}")
    index = TagIndex(CACHE)
    unique, dupes = scan(args.spool, index, args.remove_duplicates)
    pruned = index.prune(args.max_age)
    index.save()
    log.info("%d unique photos, %d duplicates, %d stale entries pruned", unique, dupes, pruned)


if __name__ == "__main__":
    main()
