#!/usr/bin/env python3
"""Build the image manifest for a sale's catalogue photography.

Walks the sale's photo folder, checks that every file follows the
house naming scheme (<lot>_<view>.<ext>), records size and SHA-256 for
each image, and writes a manifest CSV plus a list of lots that have no
primary view yet.
"""
import argparse
import csv
import hashlib
import logging
import re
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("image_manifest")
NAME_RE = re.compile(r"^(?P<lot>\d{1,4}[A-Z]?)_(?P<view>[a-z0-9]+)$")
EXTENSIONS = {".jpg", ".jpeg", ".tif", ".tiff", ".png"}
PRIMARY_VIEW = "main"


class ImageEntry:
    def __init__(self, path: Path, root: Path):
        self.path = path
        self.rel = path.relative_to(root).as_posix()
        match = NAME_RE.match(path.stem)
        self.lot = match.group("lot") if match else None
        self.view = match.group("view") if match else None
        self.size = path.stat().st_size
        self.sha256 = self._digest()

    def _digest(self) -> str:
        h = hashlib.sha256()
        with self.path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                h.update(block)
        return h.hexdigest()

    @property
    def valid(self) -> bool:
        return self.lot is not None


def scan(root: Path):
    entries, bad = [], []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in EXTENSIONS:
            continue
        entry = ImageEntry(path, root)
        (entries if entry.valid else bad).append(entry)
    return entries, bad


def missing_primaries(entries, expected_lots):
    views = defaultdict(set)
    for e in entries:
        views[e.lot].add(e.view)
    return [lot for lot in expected_lots if PRIMARY_VIEW not in views.get(lot, set())]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("photos", type=Path)
    parser.add_argument("--lots", type=int, default=0,
                        help="number of lots in the sale (1..N)")
    parser.add_argument("--out", type=Path, default=Path("image_manifest.csv"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.photos.is_dir():
        LOG.error("%s is not a folder", args.photos)
        return 1

    entries, bad = scan(args.photos)
    with args.out.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["file", "lot", "view", "bytes", "sha256"])
        for e in entries:
            writer.writerow([e.rel, e.lot, e.view, e.size, e.sha256])
    LOG.info("manifest of %d image(s) written to %s", len(entries), args.out)

    for e in bad:
        LOG.warning("name does not follow lot scheme: %s", e.rel)
    if args.lots:
        missing = missing_primaries(entries, [str(n) for n in range(1, args.lots + 1)])
        if missing:
            LOG.warning("%d lot(s) without a %s view: %s", len(missing),
                        PRIMARY_VIEW, ", ".join(missing[:20]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
