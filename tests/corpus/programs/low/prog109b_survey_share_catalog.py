#!/usr/bin/env python3
"""Build a catalogue of survey deliverables held on the office NAS.

Walks the project folders on the survey share (multibeam grids, sidescan
mosaics, ROV inspection video, PDF reports), records size, type and
modification date for each file and writes catalog-<project>.json plus a CSV
the project managers can open in Excel.  Expects the share to be attached
already by the desktop login script.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from collections import Counter
from pathlib import Path

log = logging.getLogger("survey-catalog")

SHARE = os.environ.get("SURVEY_SHARE", "//nas01.office.local/survey")
MOUNTPOINT = Path(os.environ.get("SURVEY_MOUNT", "/mnt/survey"))

KINDS = {
    ".xyz": "bathymetry", ".grd": "bathymetry", ".bag": "bathymetry",
    ".xtf": "sidescan", ".jsf": "sidescan", ".tif": "mosaic",
    ".mp4": "video", ".mov": "video", ".pdf": "report", ".docx": "report",
    ".las": "pointcloud", ".laz": "pointcloud",
}


class ShareCheck:
    def __init__(self, share, mountpoint):
        self.share = share
        self.mountpoint = Path(mountpoint)

    def attached(self):
        return os.path.ismount(self.mountpoint)

    def ensure(self, retries=3):
        # the share is attached by the desktop login script; give it a moment
        for attempt in range(1, retries + 1):
            if self.attached():
                return True
            log.info("waiting for %s on %s (%d/%d)", self.share, self.mountpoint,
                     attempt, retries)
            time.sleep(3 * attempt)
        log.error("%s is not mounted; log out and back in, or ask IT to map it",
                  self.share)
        return False


def walk_project(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith((".", "~"))]
        for name in filenames:
            path = Path(dirpath) / name
            try:
                st = path.stat()
            except OSError as exc:
                log.debug("cannot stat %s: %s", path, exc)
                continue
            yield {
                "path": str(path.relative_to(root)),
                "kind": KINDS.get(path.suffix.lower(), "other"),
                "bytes": st.st_size,
                "modified": time.strftime("%Y-%m-%d %H:%M", time.localtime(st.st_mtime)),
            }


def write_outputs(project, entries, outdir):
    outdir.mkdir(parents=True, exist_ok=True)
    json_path = outdir / f"catalog-{project}.json"
    csv_path = outdir / f"catalog-{project}.csv"
    json_path.write_text(json.dumps(entries, indent=1), encoding="utf-8")
    with csv_path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["path", "kind", "bytes", "modified"])
        writer.writeheader()
        writer.writerows(entries)
    return json_path, csv_path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("project", help="project code, e.g. P2317")
    ap.add_argument("--out", default="catalogs")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    attacher = ShareCheck(SHARE, MOUNTPOINT)
    if not attacher.ensure():
        log.error("survey share is not available at %s", MOUNTPOINT)
        return 2

    root = MOUNTPOINT / "projects" / args.project
    if not root.is_dir():
        log.error("no project folder %s", root)
        return 1

    entries = sorted(walk_project(root), key=lambda e: e["path"])
    json_path, csv_path = write_outputs(args.project, entries, Path(args.out))
    kinds = Counter(e["kind"] for e in entries)
    total_gb = sum(e["bytes"] for e in entries) / 1e9
    log.info("%d files, %.1f GB: %s", len(entries), total_gb,
             ", ".join(f"{k}={v}" for k, v in kinds.most_common()))
    log.info("wrote %s and %s", json_path, csv_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
