#!/usr/bin/env python3
"""Compact closed skip-hire invoices and waste paperwork into a yearly zip.

Once a hire is closed, its invoice, weighbridge ticket and transfer note must be
kept for two years.  The compactor walks the invoices folder of the current
project, adds every closed document to archive/<year>.zip and leaves an index
of what went in.  Originals are left where they are; accounts clears them out
by hand after the year-end check.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import zipfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("invoice_compactor")

DOC_SUFFIXES = {".pdf", ".xlsx", ".xls", ".docx", ".doc", ".csv", ".odt", ".ods", ".jpg", ".png"}
SKIP_DIRS = {".git", ".cache", "node_modules", "__pycache__", "archive"}
INDEX_NAME = "ARCHIVE_INDEX.json"


class Compactor:
    def __init__(self, out_dir):
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(exist_ok=True)
        self.index = self._load_index()

    def _load_index(self):
        p = self.out_dir / INDEX_NAME
        if p.exists():
            try:
                return json.loads(p.read_text())
            except ValueError:
                LOG.warning("index unreadable, rebuilding")
        return {}

    def save_index(self):
        (self.out_dir / INDEX_NAME).write_text(json.dumps(self.index, indent=1, sort_keys=True))

    @staticmethod
    def fingerprint(path):
        h = hashlib.md5()
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
        return h.hexdigest()

    def add(self, path, root):
        year = datetime.fromtimestamp(path.stat().st_mtime).year
        arcname = str(path.relative_to(root))
        digest = self.fingerprint(path)
        if self.index.get(arcname) == digest:
            return False
        with zipfile.ZipFile(self.out_dir / f"{year}.zip", "a", zipfile.ZIP_DEFLATED) as zf:
            zf.write(path, arcname)
        self.index[arcname] = digest
        return True


def walk_documents(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in DOC_SUFFIXES and p.is_file():
                yield p


def main():
    ap = argparse.ArgumentParser(description="Compact closed skip-hire paperwork")
    ap.add_argument("root", nargs="?", default="invoices",
                    help="folder holding invoices (default: ./invoices)")
    ap.add_argument("--out", default="archive", help="where yearly zips are written")
    ap.add_argument("--list", action="store_true", help="only list what would be added")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        LOG.error("no such folder: %s", root)
        return 1

    docs = list(walk_documents(root))
    if args.list:
        for p in docs:
            print(p)
        return 0

    comp = Compactor(args.out)
    added = 0
    for p in docs:
        try:
            if comp.add(p, root):
                added += 1
        except (OSError, zipfile.BadZipFile) as exc:
            LOG.warning("could not add %s: %s", p, exc)
    comp.save_index()
    LOG.info("%d new documents compacted into %s (%d scanned)", added, args.out, len(docs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
