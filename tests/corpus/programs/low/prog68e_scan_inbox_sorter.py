#!/usr/bin/env python3
"""File scanned documents from the scanner's inbox folder.

The office scanner drops PDFs and JPEGs into ./inbox with names like
SCAN_0001.pdf. This sorts them into ./archive/<year>/<month>/, renames them
with the scan date and a short content hash, skips exact duplicates, and
keeps an index.csv so things can be found again. Sorted files are made
private to the current user since they are mostly invoices and letters.
"""

import argparse
import csv
import hashlib
import logging
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("scan-sorter")
EXTENSIONS = {".pdf", ".jpg", ".jpeg", ".png", ".tif", ".tiff"}
INDEX_FIELDS = ["filed_at", "original", "stored_as", "digest", "bytes"]


def os_name() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def digest(path: Path) -> str:
    h = hashlib.md5(usedforsecurity=False)
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class Index:
    def __init__(self, path: Path):
        self.path = path
        self.seen = set()
        if path.exists():
            with path.open(newline="") as fh:
                self.seen = {row["digest"] for row in csv.DictReader(fh)}

    def add(self, row: dict):
        new = not self.path.exists()
        with self.path.open("a", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=INDEX_FIELDS)
            if new:
                w.writeheader()
            w.writerow(row)
        self.seen.add(row["digest"])


def pending(inbox: Path):
    for p in sorted(inbox.iterdir()):
        if p.is_file() and p.suffix.lower() in EXTENSIONS and not p.name.startswith("."):
            yield p


def target_for(archive: Path, src: Path, h: str) -> Path:
    ts = datetime.fromtimestamp(src.stat().st_mtime)
    folder = archive / f"{ts:%Y}" / f"{ts:%m}"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{ts:%Y-%m-%d_%H%M%S}_{h[:8]}{src.suffix.lower()}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inbox", type=Path, default=Path("inbox"))
    ap.add_argument("--archive", type=Path, default=Path("archive"))
    ap.add_argument("--keep-duplicates", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.inbox.is_dir():
        LOG.error("inbox %s not found", args.inbox)
        return 1
    LOG.info("scan sorter on %s", os_name())
    args.archive.mkdir(exist_ok=True)
    index = Index(args.archive / "index.csv")

    filed = dupes = 0
    for src in pending(args.inbox):
        h = digest(src)
        if h in index.seen and not args.keep_duplicates:
            LOG.info("duplicate, removing from inbox: %s", src.name)
            if not args.dry_run:
                src.unlink()
            dupes += 1
            continue
        dst = target_for(args.archive, src, h)
        LOG.info("%s -> %s", src.name, dst.relative_to(args.archive))
        if args.dry_run:
            continue
        size = src.stat().st_size
        shutil.move(str(src), dst)
        os.chmod(dst, 0o600)
        index.add({"filed_at": datetime.now().isoformat(timespec="seconds"),
                   "original": src.name, "stored_as": str(dst), "digest": h, "bytes": size})
        filed += 1

    LOG.info("filed %d, skipped %d duplicate(s)", filed, dupes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
