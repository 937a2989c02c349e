#!/usr/bin/env python3
"""Batch-convert vector datasets (Shapefile, KML, GPX, ...) to GeoPackage.

Wraps the GDAL `ogr2ogr` command line tool; one output layer per input file,
all reprojected to a common CRS. Runs on files inside the project directory.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("ogrbatch")
SUFFIXES = {".shp": "ESRI Shapefile", ".kml": "KML", ".gpx": "GPX", ".geojson": "GeoJSON", ".csv": "CSV"}


@dataclass
class Job:
    source: Path
    layer: str
    extra: list = field(default_factory=list)


def discover(root: Path, recursive: bool):
    pattern = "**/*" if recursive else "*"
    for path in sorted(root.glob(pattern)):
        if path.suffix.lower() in SUFFIXES and path.is_file():
            layer = path.stem.lower().replace(" ", "_").replace("-", "_")
            extra = []
            if path.suffix.lower() == ".csv":
                extra = ["-oo", "X_POSSIBLE_NAMES=lon*,x", "-oo", "Y_POSSIBLE_NAMES=lat*,y"]
            elif path.suffix.lower() == ".gpx":
                extra = ["-sql", "SELECT * FROM track_points"]
            yield Job(path, layer, extra)


def build_cmd(ogr: str, job: Job, target: Path, t_srs: str, first: bool) -> list:
    cmd = [ogr, "-f", "GPKG"]
    if not first:
        cmd.append("-update")
    cmd += ["-t_srs", t_srs, "-nln", job.layer, "-nlt", "PROMOTE_TO_MULTI",
            "-lco", "SPATIAL_INDEX=YES", "-overwrite"]
    cmd += job.extra
    cmd += [str(target), str(job.source)]
    return cmd


def run(cmd: list, timeout: int) -> bool:
    LOG.debug("exec: %s", " ".join(cmd))
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        LOG.error("timed out after %ss", timeout)
        return False
    if proc.returncode != 0:
        LOG.error("ogr2ogr failed (%d): %s", proc.returncode, proc.stderr.strip()[:400])
        return False
    if proc.stderr.strip():
        LOG.warning(proc.stderr.strip().splitlines()[-1])
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("src", type=Path, nargs="?", default=Path("data/raw"))
    ap.add_argument("-o", "--output", type=Path, default=Path("data/merged.gpkg"))
    ap.add_argument("--t-srs", default="EPSG:3857")
    ap.add_argument("-r", "--recursive", action="store_true")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(levelname)-7s %(message)s")

    ogr = shutil.which("ogr2ogr")
    if ogr is None:
        LOG.error("ogr2ogr not found; install gdal-bin")
        return 2

    args.output.parent.mkdir(parents=True, exist_ok=True)
    if args.output.exists():
        args.output.unlink()

    jobs = list(discover(args.src, args.recursive))
    if not jobs:
        LOG.warning("nothing to convert in %s", args.src)
        return 1
    failures = 0
    for i, job in enumerate(jobs):
        LOG.info("[%d/%d] %s -> %s:%s", i + 1, len(jobs), job.source, args.output.name, job.layer)
        if not run(build_cmd(ogr, job, args.output, args.t_srs, first=not args.output.exists()), args.timeout):
            failures += 1
    LOG.info("converted %d of %d datasets", len(jobs) - failures, len(jobs))
    return 0 if failures == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
