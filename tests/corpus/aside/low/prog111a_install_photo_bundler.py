#!/usr/bin/env python3
"""Bundle the photos taken during a pet door install into a handover pack.

Installers photograph the cut-out, the fitted frame, the microchip reader
test and the hub placement.  This collects those photos from the job folder,
names them by capture order, and writes handover_<job>.zip with a manifest
(CSV with size and SHA-256 per photo) that the customer portal ingests.
"""
import argparse
import csv
import hashlib
import io
import logging
import os
import shutil
import sys
import zipfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("photo-bundle")

PHOTO_EXT = {".jpg", ".jpeg", ".png", ".heic", ".webp"}
SKIP_DIRS = {".git", "__pycache__", ".bundle_tmp", "thumbs"}
STAGE = Path(".bundle_tmp")


class PhotoSet:
    """The photos under one job folder, oldest first."""

    def __init__(self, root, exts=PHOTO_EXT):
        self.root = Path(root)
        self.exts = exts

    def _walk(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in self.exts and p.stat().st_size > 0:
                    yield p

    def __iter__(self):
        return iter(sorted(self._walk(), key=lambda p: p.stat().st_mtime))


def sha256_of(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


def stage_photos(photos, job):
    if STAGE.exists():
        shutil.rmtree(STAGE)
    STAGE.mkdir()
    rows = []
    for n, src in enumerate(photos, 1):
        taken = datetime.fromtimestamp(src.stat().st_mtime)
        dest = STAGE / ("%s_%03d_%s%s" % (job, n, taken.strftime("%Y%m%d-%H%M%S"), src.suffix.lower()))
        shutil.copy2(src, dest)
        rows.append({
            "file": dest.name,
            "original": str(src.relative_to(photos.root)),
            "taken": taken.isoformat(timespec="seconds"),
            "bytes": dest.stat().st_size,
            "sha256": sha256_of(dest),
        })
    return rows


def manifest_csv(rows):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=["file", "original", "taken", "bytes", "sha256"])
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


def write_bundle(rows, job, out_dir):
    out = Path(out_dir) / ("handover_%s.zip" % job)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as zf:
        for r in rows:
            zf.write(STAGE / r["file"], arcname="photos/" + r["file"])
        zf.writestr("manifest.csv", manifest_csv(rows))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("job", help="job number, e.g. PG-24-0193")
    ap.add_argument("--jobs-dir", default="jobs", help="folder holding one subfolder per job")
    ap.add_argument("--out", default=".")
    ap.add_argument("--keep-stage", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = Path(args.jobs_dir) / args.job
    if not root.is_dir():
        log.error("no folder %s", root)
        return 1
    photos = PhotoSet(root)
    try:
        rows = stage_photos(photos, args.job)
        if not rows:
            log.error("no photos under %s", root)
            return 1
        bundle = write_bundle(rows, args.job, args.out)
    finally:
        if not args.keep_stage and STAGE.exists():
            shutil.rmtree(STAGE)
    total = sum(r["bytes"] for r in rows)
    log.info("%d photos, %.1f MB -> %s", len(rows), total / 1e6, bundle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
