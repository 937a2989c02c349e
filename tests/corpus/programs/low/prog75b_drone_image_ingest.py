#!/usr/bin/env python3
"""Ingest survey-drone flights from the SD card.

Site laptops run this when the pilot hands over the card: once the desktop
has auto-mounted it, point the script at the card (or let it look under
/media/$USER), and it copies every DJI flight folder into the project's
raw-imagery tree (one folder per flight date), skips frames that were
already ingested and writes a manifest the photogrammetry job reads.
"""
import argparse
import getpass
import hashlib
import json
import logging
import shutil
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("sd-ingest")
IMAGE_EXT = {".jpg", ".jpeg", ".dng", ".tif"}
MANIFEST = "ingest_manifest.json"


def automounted_cards():
    """Yield card roots the desktop has mounted that look like a drone card."""
    for base in (Path("/media") / getpass.getuser(), Path("/run/media") / getpass.getuser()):
        if not base.is_dir():
            continue
        for vol in sorted(base.iterdir()):
            if (vol / "DCIM").is_dir():
                yield vol


def card_summary(root):
    frames = [p for p in root.rglob("*") if p.suffix.lower() in IMAGE_EXT]
    size = sum(p.stat().st_size for p in frames)
    return len(frames), size


def file_digest(path, chunk=1 << 20):
    h = hashlib.md5()
    with path.open("rb") as fh:
        while block := fh.read(chunk):
            h.update(block)
    return h.hexdigest()


def load_manifest(dest):
    try:
        return json.loads((dest / MANIFEST).read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {"frames": {}}


def copy_flights(card_root, dest, manifest):
    copied = skipped = 0
    for src in sorted(card_root.rglob("*")):
        if not src.is_file() or src.suffix.lower() not in IMAGE_EXT:
            continue
        key = file_digest(src)
        if key in manifest["frames"]:
            skipped += 1
            continue
        day = datetime.fromtimestamp(src.stat().st_mtime).strftime("%Y-%m-%d")
        target = dest / day / src.parent.name / src.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)
        manifest["frames"][key] = str(target.relative_to(dest))
        copied += 1
        if copied % 100 == 0:
            LOG.info("%d frames copied so far", copied)
    return copied, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dest", type=Path, help="project raw-imagery folder")
    ap.add_argument("--card", type=Path, help="mounted card root (default: auto-detect)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = args.card or next(automounted_cards(), None)
    if root is None or not root.is_dir():
        LOG.error("no mounted drone card found; open it in the file manager first")
        return 1
    count, size = card_summary(root)
    LOG.info("card %s: %d frames, %.1f GB", root, count, size / 1e9)

    args.dest.mkdir(parents=True, exist_ok=True)
    manifest = load_manifest(args.dest)
    dcim = root / "DCIM"
    copied, skipped = copy_flights(dcim if dcim.is_dir() else root, args.dest, manifest)
    manifest["last_ingest"] = datetime.now().isoformat(timespec="seconds")
    (args.dest / MANIFEST).write_text(json.dumps(manifest, indent=1))
    LOG.info("ingest complete: %d new, %d already present", copied, skipped)
    LOG.info("you can eject %s now", root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
