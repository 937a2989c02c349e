#!/usr/bin/env python3
"""Build a checksum index of the deed scans in the working folder.

Before the weekly hand-over to the long-term archive, the archive admin runs
this in the hand-over folder. It records a SHA-256 for every scan, compares
the result with the previous index and reports new, changed and missing
files. Thumbnail cache entries are keyed by MD5 of the path.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("scan_index")

SCAN_EXT = {".pdf", ".tif", ".tiff", ".png", ".jpg"}


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def cache_key(path: Path) -> str:
    return hashlib.md5(str(path).encode("utf-8")).hexdigest()


class ScanIndex:
    def __init__(self, root: Path):
        self.root = root
        self.entries = {}

    def build(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in sorted(files):
                path = Path(dirpath) / name
                if path.suffix.lower() not in SCAN_EXT:
                    continue
                rel = str(path.relative_to(self.root))
                try:
                    st = path.stat()
                    self.entries[rel] = {
                        "sha256": sha256_file(path),
                        "size": st.st_size,
                        "thumb": cache_key(path),
                    }
                except OSError as exc:
                    LOG.warning("cannot read %s: %s", rel, exc)
        LOG.info("indexed %d scans", len(self.entries))

    def save(self, path: Path):
        doc = {
            "created": datetime.now(timezone.utc).isoformat(),
            "root": str(self.root),
            "files": self.entries,
        }
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(doc, indent=2, sort_keys=True), encoding="utf-8")
        tmp.replace(path)
        os.chmod(path, 0o600)

    @staticmethod
    def load(path: Path) -> dict:
        if not path.exists():
            return {}
        return json.loads(path.read_text(encoding="utf-8")).get("files", {})


def compare(old: dict, new: dict):
    added = sorted(set(new) - set(old))
    missing = sorted(set(old) - set(new))
    changed = sorted(k for k in set(old) & set(new)
                     if old[k]["sha256"] != new[k]["sha256"])
    return added, changed, missing


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path("."))
    ap.add_argument("--index", type=Path, default=Path("scan_index.json"))
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        previous = ScanIndex.load(args.index)
    except (OSError, ValueError) as exc:
        LOG.error("previous index unreadable: %s", exc)
        previous = {}

    index = ScanIndex(args.root)
    index.build()
    added, changed, missing = compare(previous, index.entries)
    for label, items in (("new", added), ("CHANGED", changed), ("MISSING", missing)):
        for item in items:
            print("%-8s %s" % (label, item))
    print("%d new, %d changed, %d missing" % (len(added), len(changed), len(missing)))

    if not args.no_save:
        index.save(args.index)
        LOG.info("index written to %s", args.index)
    return 1 if (changed or missing) else 0


if __name__ == "__main__":
    sys.exit(main())
