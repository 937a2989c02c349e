#!/usr/bin/env python3
"""Fixity checker for the digitisation archive.

Walks a batch of scans, records a SHA-256 for every master file and
compares it with the previous manifest so silent corruption on the share
is caught early. Part of the museum's digital-preservation routine.
"""
import argparse
import hashlib
import json
import logging
import os
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("fixity")

MASTER_TYPES = (".tif", ".tiff", ".dng", ".jp2")
MANIFEST_NAME = "fixity_manifest.json"
CHUNK = 1 << 20


def sha256_of(path):
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def walk_masters(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            if name.lower().endswith(MASTER_TYPES):
                yield Path(dirpath) / name


class Manifest:
    def __init__(self, root):
        self.root = root
        self.path = root / MANIFEST_NAME
        self.entries = {}
        if self.path.exists():
            self.entries = json.loads(self.path.read_text()).get("files", {})

    def compare(self, current):
        changed = [k for k, v in current.items() if k in self.entries and self.entries[k] != v]
        added = [k for k in current if k not in self.entries]
        missing = [k for k in self.entries if k not in current]
        return changed, added, missing

    def save(self, current):
        doc = {"generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
               "algorithm": "sha256", "files": current}
        tmp = self.path.with_suffix(".json.part")
        tmp.write_text(json.dumps(doc, indent=1, sort_keys=True))
        tmp.replace(self.path)
        os.chmod(self.path, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("batch", type=Path, help="batch folder to check")
    ap.add_argument("--update", action="store_true", help="write the new manifest")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = args.batch.resolve()
    manifest = Manifest(root)
    current = {}
    for path in walk_masters(root):
        rel = str(path.relative_to(root))
        current[rel] = sha256_of(path)
        log.debug("%s %s", current[rel][:12], rel)

    changed, added, missing = manifest.compare(current)
    for label, items in (("CHANGED", changed), ("NEW", added), ("MISSING", missing)):
        for item in items:
            log.warning("%s %s", label, item)
    log.info("%d masters checked: %d changed, %d new, %d missing",
             len(current), len(changed), len(added), len(missing))

    if args.update:
        manifest.save(current)
        log.info("manifest written to %s", manifest.path)
    return 1 if changed or missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
