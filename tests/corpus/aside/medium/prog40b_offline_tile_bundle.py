#!/usr/bin/env python3
"""Unpack offline map-tile bundles for the driver tablets.

Bundles (.tar.gz) are produced by the GIS team and copied into ./bundles.
Each one is unpacked into ./tiles/<region>/ and the GeoTIFF overviews are
checked with gdalinfo before the region is marked ready.
"""
import argparse
import json
import logging
import shutil
import subprocess
import tarfile
from pathlib import Path

log = logging.getLogger("tile_bundle")
BUNDLE_DIR = Path("bundles")
TILE_ROOT = Path("tiles")


def region_of(bundle: Path) -> str:
    name = bundle.name
    for suffix in (".tar.gz", ".tgz", ".tar"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return bundle.stem


def unpack(bundle: Path, dest: Path) -> int:
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(bundle, "r:*") as tf:
        members = tf.getmembers()
        tf.extractall(path=dest)
    return len(members)


def gdal_summary(tif: Path) -> dict:
    proc = subprocess.run(
        ["gdalinfo", "-json", "-nomd", str(tif)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"gdalinfo exit {proc.returncode}")
    info = json.loads(proc.stdout)
    return {
        "size": info.get("size"),
        "crs": (info.get("coordinateSystem") or {}).get("wkt", "")[:40],
        "bands": len(info.get("bands", [])),
    }


def validate_region(region_dir: Path) -> bool:
    tifs = sorted(region_dir.rglob("*.tif"))
    if not tifs:
        log.warning("%s: no GeoTIFF overviews found", region_dir.name)
        return False
    ok = True
    for tif in tifs:
        try:
            summary = gdal_summary(tif)
            log.info("  %s %s bands=%d", tif.name, summary["size"], summary["bands"])
        except (RuntimeError, subprocess.TimeoutExpired, ValueError) as exc:
            log.error("  %s unreadable: %s", tif.name, exc)
            ok = False
    return ok


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="process just this region")
    ap.add_argument("--keep-bundles", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if shutil.which("gdalinfo") is None:
        log.error("gdalinfo not found; install gdal-bin")
        return 1

    ready = []
    for bundle in sorted(BUNDLE_DIR.glob("*.t*gz")) + sorted(BUNDLE_DIR.glob("*.tar")):
        region = region_of(bundle)
        if args.only and region != args.only:
            continue
        dest = TILE_ROOT / region
        log.info("unpacking %s -> %s", bundle.name, dest)
        try:
            count = unpack(bundle, dest)
        except (tarfile.TarError, OSError) as exc:
            log.error("%s: broken bundle: %s", bundle.name, exc)
            continue
        log.info("%s: %d members", region, count)
        if validate_region(dest):
            (dest / ".ready").touch()
            ready.append(region)
            if not args.keep_bundles:
                bundle.unlink()

    log.info("ready regions: %s", ", ".join(ready) or "none")
    return 0 if ready else 2


if __name__ == "__main__":
    raise SystemExit(main())
