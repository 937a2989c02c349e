#!/usr/bin/env python3
"""Import publisher score bundles into the choir music library.

Publishers send .tar.gz bundles containing PDFs, parts and a
metadata.yaml. This unpacks each bundle into the library folder and
appends the metadata to the catalogue.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import yaml

LIBRARY = Path(os.environ.get("CHOIR_LIBRARY", "library"))
FIELDS = ["catalogue_no", "title", "composer", "voicing", "publisher", "copies", "pages"]

log = logging.getLogger("library-import")


def unpack(bundle: Path, dest: Path) -> Path:
    target = dest / bundle.name.replace(".tar.gz", "").replace(".tgz", "")
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(target)
    log.info("unpacked %s -> %s", bundle.name, target)
    return target


def read_metadata(folder: Path) -> dict:
    meta_file = folder / "metadata.yaml"
    if not meta_file.exists():
        return {}
    with meta_file.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def count_pages(folder: Path) -> int:
    total = 0
    for pdf in folder.rglob("*.pdf"):
        try:
            out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, timeout=20)
        except (FileNotFoundError, subprocess.TimeoutExpired):
            continue
        for line in out.stdout.splitlines():
            if line.startswith("Pages:"):
                total += int(line.split()[1])
    return total


def append_catalogue(catalogue: Path, rows: list[dict]) -> None:
    new = not catalogue.exists()
    with catalogue.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
        if new:
            w.writeheader()
        w.writerows(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description="Import publisher bundles")
    ap.add_argument("bundles", nargs="+", type=Path)
    ap.add_argument("--library", type=Path, default=LIBRARY)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    args.library.mkdir(parents=True, exist_ok=True)

    rows = []
    for bundle in args.bundles:
        if not bundle.is_file():
            log.warning("skip missing %s", bundle)
            continue
        folder = unpack(bundle, args.library)
        meta = read_metadata(folder)
        meta.setdefault("title", folder.name)
        meta["pages"] = count_pages(folder)
        rows.append(meta)
        log.info("%s: %s (%s pages)", meta.get("catalogue_no", "?"), meta["title"], meta["pages"])

    if rows:
        append_catalogue(args.library / "catalogue.csv", rows)
        log.info("catalogue updated with %d entries", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
