#!/usr/bin/env python3
"""Package county parcel shapefiles for the public downloads page.

Downloads the zipped parcel, zoning and address-point shapefiles listed in
packages.json from the county GIS server, caches them under ./.cache keyed by
URL, checks that each archive holds a complete shapefile (.shp/.shx/.dbf/.prj),
and writes one bundle per release with a README and a checksum manifest into
./dist/.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

log = logging.getLogger("parcel_packager")

CACHE = Path(".cache")
DIST = Path("dist")
REQUIRED = {".shp", ".shx", ".dbf", ".prj"}
README = """County parcel data release {release}

Layers: {layers}
Coordinate system: see the .prj file in each layer folder.
Source: {source}
These data are public records provided as-is; they are not a legal survey.
"""


def cache_path(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE / f"{key}.zip"


def download(url, max_age_hours=24, timeout=120):
    dest = cache_path(url)
    if dest.exists():
        age = dt.datetime.now().timestamp() - dest.stat().st_mtime
        if age < max_age_hours * 3600:
            log.info("cache hit %s", url)
            return dest
    CACHE.mkdir(exist_ok=True)
    tmp = dest.with_suffix(".part")
    req = urllib.request.Request(url, headers={"User-Agent": "parcel-packager/1.0"})
    log.info("downloading %s", url)
    with urllib.request.urlopen(req, timeout=timeout) as resp, open(tmp, "wb") as fh:
        while True:
            block = resp.read(1 << 16)
            if not block:
                break
            fh.write(block)
    tmp.replace(dest)
    return dest


def check_shapefile(zpath):
    with zipfile.ZipFile(zpath) as zf:
        bad = zf.testzip()
        if bad:
            raise ValueError(f"corrupt member {bad}")
        stems = {}
        for name in zf.namelist():
            p = Path(name)
            stems.setdefault(p.stem, set()).add(p.suffix.lower())
    complete = [s for s, exts in stems.items() if REQUIRED <= exts]
    if not complete:
        raise ValueError(f"{zpath.name}: no complete shapefile (need {sorted(REQUIRED)})")
    return complete


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def build_bundle(release, layers, source):
    DIST.mkdir(exist_ok=True)
    bundle = DIST / f"county_parcels_{release}.zip"
    sums = []
    with zipfile.ZipFile(bundle, "w", compression=zipfile.ZIP_DEFLATED) as out:
        for name, zpath in layers.items():
            with zipfile.ZipFile(zpath) as src:
                for member in src.infolist():
                    if member.is_dir():
                        continue
                    arc = f"{name}/{Path(member.filename).name}"
                    data = src.read(member)
                    out.writestr(arc, data)
                    sums.append(f"{hashlib.sha256(data).hexdigest()}  {arc}")
        out.writestr("README.txt", README.format(release=release, layers=", ".join(layers), source=source))
        out.writestr("SHA256SUMS", "\n".join(sums) + "\n")
    os.chmod(bundle, 0o600)
    return bundle


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="packages.json")
    ap.add_argument("--release", default=dt.date.today().strftime("%Y%m%d"))
    ap.add_argument("--refresh", action="store_true", help="ignore cached downloads")
    ap.add_argument("--clean-cache", action="store_true", help="delete ./.cache after packaging")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = json.loads(Path(args.config).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 2

    layers = {}
    for name, url in cfg["layers"].items():
        try:
            zpath = download(url, max_age_hours=0 if args.refresh else 24)
            log.info("%s: shapefiles %s", name, ", ".join(check_shapefile(zpath)))
            layers[name] = zpath
        except (urllib.error.URLError, ValueError, zipfile.BadZipFile) as exc:
            log.error("%s skipped: %s", name, exc)
    if not layers:
        log.error("no layers packaged")
        return 1

    bundle = build_bundle(args.release, layers, cfg.get("source", "County GIS"))
    (DIST / f"{bundle.name}.sha256").write_text(f"{sha256_file(bundle)}  {bundle.name}\n")
    log.info("wrote %s (%.1f MB)", bundle, bundle.stat().st_size / 1e6)

    if args.clean_cache:
        for f in CACHE.glob("*.zip"):
            f.unlink()
        log.info("cache cleared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
