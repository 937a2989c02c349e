#!/usr/bin/env python3
"""Build and verify a checksum manifest of signed liability waivers.

The insurer asks that scanned waivers are never altered after signing; this
walks the waiver folder, records SHA-256 of each PDF, and on later runs
reports anything changed, missing or new.
"""
import argparse
import hashlib
import json
import logging
import os
from datetime import datetime
from pathlib import Path

log = logging.getLogger("waivers")

WAIVER_DIR = Path(os.environ.get("WAIVER_DIR", "waivers"))
MANIFEST = "waiver_manifest.json"


def sha256_of(path: Path, bufsize: int = 1 << 16) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


class Manifest:
    def __init__(self, root: Path):
        self.root = root
        self.path = root / MANIFEST
        self.entries = {}

    def load(self):
        if self.path.exists():
            self.entries = json.loads(self.path.read_text())["files"]
        return self

    def scan(self):
        current = {}
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                if not name.lower().endswith(".pdf"):
                    continue
                p = Path(dirpath) / name
                rel = str(p.relative_to(self.root))
                current[rel] = {"sha256": sha256_of(p), "size": p.stat().st_size}
        return current

    def save(self, entries):
        self.path.write_text(json.dumps(
            {"generated": datetime.now().isoformat(timespec="seconds"), "files": entries},
            indent=2, sort_keys=True))
        os.chmod(self.path, 0o600)


def compare(old, new):
    changed = [k for k in old if k in new and old[k]["sha256"] != new[k]["sha256"]]
    missing = [k for k in old if k not in new]
    added = [k for k in new if k not in old]
    return changed, missing, added


def main():
    parser = argparse.ArgumentParser(description="Waiver checksum manifest")
    parser.add_argument("action", choices=["build", "verify", "update"])
    parser.add_argument("--dir", type=Path, default=WAIVER_DIR)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    m = Manifest(args.dir).load()
    current = m.scan()

    if args.action == "build" or (args.action == "update" and not m.entries):
        m.save(current)
        log.info("manifest written with %d waivers", len(current))
        return 0

    changed, missing, added = compare(m.entries, current)
    for k in changed:
        log.warning("CHANGED  %s", k)
    for k in missing:
        log.warning("MISSING  %s", k)
    for k in added:
        log.info("new      %s", k)

    if args.action == "update":
        if changed:
            log.error("refusing to update: %d waivers were altered", len(changed))
            return 1
        merged = {k: v for k, v in current.items()}
        m.save(merged)
        log.info("manifest updated (%d new)", len(added))
        return 0

    ok = not changed and not missing
    log.info("verify %s: %d waivers, %d changed, %d missing, %d new",
             "OK" if ok else "FAILED", len(current), len(changed), len(missing), len(added))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
