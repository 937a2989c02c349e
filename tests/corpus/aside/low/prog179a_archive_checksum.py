#!/usr/bin/env python3
"""Fixity manifest for the digitised mill records.

Walks a folder of scanned ledgers and drawings in the current project,
computes SHA-256 checksums and writes a manifest.  Run again later with
--verify to spot files that have changed or gone missing (bit-rot on the
old NAS was the reason this exists).
"""
import argparse
import hashlib
import json
import logging
import os
import pathlib
import time

log = logging.getLogger("fixity")

SCAN_DIR = pathlib.Path(os.environ.get("SCAN_DIR", "scans"))
MANIFEST = pathlib.Path(os.environ.get("FIXITY_MANIFEST", "fixity_manifest.json"))
EXTENSIONS = {".pdf", ".tif", ".tiff", ".jpg", ".jpeg", ".png"}
CHUNK = 1 << 20


def sha256_of(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def scan(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            p = pathlib.Path(dirpath, name)
            if p.suffix.lower() in EXTENSIONS:
                yield p


class Manifest:
    def __init__(self, path):
        self.path = path
        self.entries = {}

    def load(self):
        self.entries = json.loads(self.path.read_text())["files"]

    def build(self, root):
        for p in scan(root):
            rel = str(p.relative_to(root))
            self.entries[rel] = {"sha256": sha256_of(p), "size": p.stat().st_size}
        log.info("hashed %d files", len(self.entries))

    def save(self):
        doc = {"created": time.strftime("%Y-%m-%dT%H:%M:%S"), "files": self.entries}
        self.path.write_text(json.dumps(doc, indent=1, sort_keys=True))
        os.chmod(self.path, 0o600)

    def verify(self, root):
        problems = 0
        for rel, meta in self.entries.items():
            p = root / rel
            if not p.exists():
                log.warning("MISSING  %s", rel)
                problems += 1
            elif sha256_of(p) != meta["sha256"]:
                log.warning("CHANGED  %s", rel)
                problems += 1
        known = set(self.entries)
        for p in scan(root):
            if str(p.relative_to(root)) not in known:
                log.info("NEW      %s", p.relative_to(root))
        return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=pathlib.Path, default=SCAN_DIR)
    ap.add_argument("--manifest", type=pathlib.Path, default=MANIFEST)
    ap.add_argument("--verify", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    m = Manifest(args.manifest)
    if args.verify:
        m.load()
        bad = m.verify(args.dir)
        log.info("%d problem(s) found", bad)
        return 1 if bad else 0
    m.build(args.dir)
    m.save()
    log.info("manifest written to %s", args.manifest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
