#!/usr/bin/env python3
"""Stamp lot metadata into catalogue photographs.

Reads the lot sheet for a sale (CSV with lot number, title and artist)
and writes the lot number, title, copyright line and sale code into the
EXIF/XMP fields of each matching photograph using exiftool, so the image
store and the printed catalogue pick up the same captions.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("exif_stamp")
IMAGE_GLOBS = ("*.jpg", "*.jpeg", "*.tif")


class LotSheet:
    def __init__(self, path: Path):
        self.lots = {}
        with path.open(newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                lot = row.get("lot", "").strip()
                if lot:
                    self.lots[lot] = row
        LOG.info("lot sheet has %d lot(s)", len(self.lots))

    def for_image(self, image: Path):
        lot = image.stem.split("_")[0].lstrip("0") or "0"
        return lot, self.lots.get(lot)


def stamp(image: Path, lot: str, row: dict, sale: str, house: str,
          dry_run: bool) -> bool:
    title = row.get("title", "").strip()
    artist = row.get("artist", "").strip()
    cmd = [
        "exiftool", "-overwrite_original", "-q",
        f"-XMP-dc:Title=Lot {lot}: {title}",
        f"-XMP-dc:Creator={house} Photography",
        f"-IPTC:ObjectName=Lot {lot}",
        f"-IPTC:Keywords={sale}",
        f"-EXIF:Artist={artist}",
        f"-EXIF:Copyright=(c) {house}",
        str(image),
    ]
    if dry_run:
        LOG.info("would run: %s", " ".join(cmd))
        return True
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        LOG.warning("exiftool failed on %s: %s", image.name, result.stderr.strip())
        return False
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lot_sheet", type=Path)
    parser.add_argument("--images", type=Path, default=Path("catalogue_staging"))
    parser.add_argument("--sale", required=True)
    parser.add_argument("--house", default="Example Auction House")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if shutil.which("exiftool") is None and not args.dry_run:
        LOG.error("exiftool not found on PATH")
        return 1
    try:
        sheet = LotSheet(args.lot_sheet)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read lot sheet: %s", exc)
        return 1

    images = sorted(p for g in IMAGE_GLOBS for p in args.images.glob(g))
    stamped = skipped = failed = 0
    for image in images:
        lot, row = sheet.for_image(image)
        if row is None:
            LOG.debug("no lot %s for %s", lot, image.name)
            skipped += 1
            continue
        if stamp(image, lot, row, args.sale, args.house, args.dry_run):
            stamped += 1
        else:
            failed += 1
    LOG.info("stamped %d, skipped %d, failed %d", stamped, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
