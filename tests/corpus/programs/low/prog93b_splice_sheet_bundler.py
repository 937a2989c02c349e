#!/usr/bin/env python3
"""Bundle splice sheets and OTDR traces for hand-off to the co-op office.

Techs drop splice sheets, OTDR .sor traces and drop maps into ./splice_sheets
in the project folder.  This tool walks that folder, seals a copy of each
document with the project archive key into ./bundles, and writes a manifest
with SHA-256 sums so the office can check nothing was lost in transit.  The
original sheets are left where they are.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("splice-bundler")

SEALED_SUFFIX = ".sealed"
DOC_SUFFIXES = {".csv", ".xlsx", ".xls", ".sor", ".kml", ".kmz", ".pdf", ".docx",
                ".doc", ".dwg", ".jpg", ".png", ".txt"}
SKIP_DIRS = {".git", "__pycache__"}


def load_or_create_key(keyfile):
    keyfile = Path(keyfile)
    if keyfile.exists():
        return keyfile.read_bytes().strip()
    key = Fernet.generate_key()
    keyfile.write_bytes(key + b"\n")
    os.chmod(keyfile, 0o600)
    log.info("created new archive key %s", keyfile)
    return key


class BundleRun:
    def __init__(self, source, dest, key):
        self.source = Path(source)
        self.dest = Path(dest)
        self._fernet = Fernet(key)
        self.entries = []

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.source):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in sorted(filenames):
                p = Path(dirpath, name)
                if p.suffix.lower() in DOC_SUFFIXES:
                    yield p

    def seal(self, path):
        rel = path.relative_to(self.source)
        target = self.dest / rel.parent / (rel.name + SEALED_SUFFIX)
        try:
            data = path.read_bytes()
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(self._fernet.encrypt(data))
            self.entries.append({
                "file": str(rel),
                "sha256": hashlib.sha256(data).hexdigest(),
                "bytes": len(data),
            })
            log.debug("bundled %s", rel)
        except OSError as exc:
            log.warning("skip %s: %s", rel, exc)

    def write_manifest(self):
        manifest = self.dest / "manifest.json"
        manifest.write_text(json.dumps({
            "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "count": len(self.entries),
            "files": self.entries,
        }, indent=2), encoding="utf-8")
        return manifest

    def run(self):
        if not self.source.is_dir():
            raise FileNotFoundError(self.source)
        for path in self.candidates():
            self.seal(path)
        return self.write_manifest()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default="splice_sheets")
    ap.add_argument("--dest", default="bundles")
    ap.add_argument("--keyfile", default="archive.key")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        key = load_or_create_key(args.keyfile)
        run = BundleRun(args.source, args.dest, key)
        manifest = run.run()
    except FileNotFoundError as exc:
        log.error("source folder missing: %s", exc)
        return 1
    log.info("bundled %d documents, manifest %s", len(run.entries), manifest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
