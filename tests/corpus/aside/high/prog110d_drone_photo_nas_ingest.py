#!/usr/bin/env python3
"""Ingest drone survey photos from the office NAS drop folder.

Pilots upload their cards to the NAS "drone_drop" share from the field.  This
tool attaches the share on the processing workstation, reads each frame's
camera position with exiftool, drops frames outside the AOI, copies the rest
into flights/<date>_<flight>/ and writes camera_centres.geojson.

    drone_photo_nas_ingest.py --pilot jsmith --aoi site_boundary.geojson
"""
import argparse
import configparser
import json
import logging
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

log = logging.getLogger("nas-ingest")
EXIF_TAGS = ["-GPSLatitude", "-GPSLongitude", "-AbsoluteAltitude", "-DateTimeOriginal"]
DEFAULTS = {"share": "//nas01.office.lan/drone_drop",
            "mountpoint": "/mnt/drone_drop",
            "credentials": "/etc/samba/drone_drop.cred"}


def _run(cmd):
    log.debug("run: %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True)


@contextmanager
def nas_share(cfg):
    mnt = cfg["mountpoint"]
    already = os.path.ismount(mnt)
    if not already:
        opts = f"credentials={cfg['credentials']},uid={os.getuid()},gid={os.getgid()},ro,vers=3.0"
        for cmd in (["sudo", "mkdir", "-p", mnt],
                    ["sudo", "mount", "-t", "cifs", cfg["share"], mnt, "-o", opts]):
            res = _run(cmd)
            if res.returncode != 0:
                raise RuntimeError(f"{cmd[1]} failed: {res.stderr.strip()}")
        log.info("attached %s at %s", cfg["share"], mnt)
    try:
        yield Path(mnt)
    finally:
        if not already:
            _run(["sudo", "umount", mnt])
            log.info("detached %s", mnt)


def read_positions(folder, batch=200):
    files = sorted(p for p in folder.rglob("*") if p.suffix.lower() in (".jpg", ".jpeg"))
    log.info("%d images in %s", len(files), folder)
    for i in range(0, len(files), batch):
        cmd = ["exiftool", "-j", "-n", "-q", *EXIF_TAGS, *map(str, files[i:i + batch])]
        res = _run(cmd)
        if res.returncode not in (0, 1):
            log.error("exiftool batch %d failed: %s", i // batch, res.stderr.strip())
            continue
        yield from json.loads(res.stdout or "[]")


def inside(lon, lat, ring):
    hit, j = False, len(ring) - 1
    for i in range(len(ring)):
        (xi, yi), (xj, yj) = ring[i][:2], ring[j][:2]
        if (yi > lat) != (yj > lat) and lon < (xj - xi) * (lat - yi) / (yj - yi) + xi:
            hit = not hit
        j = i
    return hit


def ingest(src, dest_root, aoi, flight):
    features, dest = [], None
    for rec in read_positions(src):
        lat, lon = rec.get("GPSLatitude"), rec.get("GPSLongitude")
        if lat is None or (aoi and not inside(lon, lat, aoi)):
            continue
        if dest is None:
            t = datetime.strptime(rec.get("DateTimeOriginal", "1970:01:01 00:00:00"),
                                  "%Y:%m:%d %H:%M:%S")
            dest = dest_root / f"{t:%Y%m%d}_{flight}"
            dest.mkdir(parents=True, exist_ok=True)
        img = Path(rec["SourceFile"])
        shutil.copy2(img, dest / img.name)
        features.append({"type": "Feature",
                         "geometry": {"type": "Point",
                                      "coordinates": [lon, lat, rec.get("AbsoluteAltitude")]},
                         "properties": {"image": img.name}})
    if dest:
        (dest / "camera_centres.geojson").write_text(
            json.dumps({"type": "FeatureCollection", "features": features}, indent=1))
    return dest, len(features)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Drone photo ingest from NAS")
    ap.add_argument("--pilot", required=True, help="pilot folder on the drop share")
    ap.add_argument("--aoi")
    ap.add_argument("--flight", default="F01")
    ap.add_argument("--dest", default="flights")
    ap.add_argument("--config", default=os.path.expanduser("~/.config/nas_ingest.ini"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    cp.read(args.config)
    cfg = dict(cp["DEFAULT"])
    aoi = None
    if args.aoi:
        gj = json.loads(Path(args.aoi).read_text())
        aoi = gj["features"][0]["geometry"]["coordinates"][0]
    try:
        with nas_share(cfg) as root:
            src = root / args.pilot
            if not src.is_dir():
                log.error("no folder for pilot %s on share", args.pilot)
                return 1
            dest, kept = ingest(src, Path(args.dest), aoi, args.flight)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    log.info("ingested %d frames -> %s", kept, dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
