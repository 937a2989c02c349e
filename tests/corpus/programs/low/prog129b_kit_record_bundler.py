#!/usr/bin/env python3
"""Bundle kit inspection records for the retention period.

Lifejacket, drysuit and helmet inspection sheets (and the photos taken at
inspection) have to be retained for seven years and must not be altered
after sign-off. This tool finds signed-off records under the station's
records folder and packs them into a dated zip with a SHA-256 manifest, so
the records officer can later show that nothing changed.

    kit_record_bundler.py [--root DIR] [--station-id ID] [--out DIR]
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import zipfile
from datetime import date
from pathlib import Path

log = logging.getLogger("kit_bundle")

RECORD_SUFFIXES = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".ods", ".odt", ".csv",
                   ".txt", ".jpg", ".jpeg", ".png", ".heic"}
SKIP_DIRS = {".cache", "__pycache__", ".git", ".venv", "bundles"}
MANIFEST_NAME = "MANIFEST.json"


def iter_records(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in RECORD_SUFFIXES and not p.is_symlink():
                yield p


def sha256_of(path, chunk=1 << 16):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


class Bundler:
    def __init__(self, station_id, root, out_dir):
        self.root = root
        self.ref = f"{station_id}-{date.today():%Y%m%d}"
        self.out_path = out_dir / f"kit-records-{self.ref}.zip"
        self.manifest = {}
        self.count = 0

    def add(self, zf, path):
        rel = path.relative_to(self.root).as_posix()
        try:
            digest = sha256_of(path)
            zf.write(path, arcname=rel)
        except OSError as exc:
            log.warning("skip %s: %s", path, exc)
            return False
        self.manifest[rel] = {"sha256": digest, "size": path.stat().st_size}
        self.count += 1
        return True

    def build(self, paths):
        self.out_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.out_path.with_suffix(".zip.part")
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for path in paths:
                if self.add(zf, path):
                    log.debug("added %s", path)
            zf.writestr(MANIFEST_NAME, json.dumps(
                {"ref": self.ref, "files": self.manifest}, indent=2, sort_keys=True))
        os.replace(tmp, self.out_path)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Bundle signed-off kit inspection records")
    ap.add_argument("--root", default="records",
                    help="folder holding the inspection records (default: ./records)")
    ap.add_argument("--out", default="bundles", help="where to write the zip")
    ap.add_argument("--station-id", default=os.environ.get("STATION_ID", "STN"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        log.error("%s is not a directory", root)
        return 1

    bundler = Bundler(args.station_id, root, Path(args.out))
    bundler.build(iter_records(root))
    if not bundler.count:
        log.warning("no records found under %s", root)
    log.info("bundled %d records into %s", bundler.count, bundler.out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
