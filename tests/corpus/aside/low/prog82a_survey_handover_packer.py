#!/usr/bin/env python3
"""Pack survey deliverables for client handover.

Collects the orthomosaic, DSM/DTM, point cloud, GCP report and processing
report from an ODM/WebODM project folder, writes a checksum manifest and a
README, and zips everything into handover/<client>_<site>_<date>.zip.
"""
import argparse
import configparser
import hashlib
import json
import logging
import shutil
import sys
import zipfile
from datetime import date
from pathlib import Path

log = logging.getLogger("handover")

DEFAULT_PATTERNS = {
    "orthomosaic": ["odm_orthophoto/odm_orthophoto.tif", "*orthophoto*.tif"],
    "dsm": ["odm_dem/dsm.tif"],
    "dtm": ["odm_dem/dtm.tif"],
    "pointcloud": ["odm_georeferencing/odm_georeferenced_model.laz", "*.laz"],
    "report": ["odm_report/report.pdf"],
    "gcp": ["gcp_list.txt", "gcps.json"],
}

README_TEMPLATE = """Survey deliverables - {client} / {site}
Flown: {flown}
Packed: {packed}
CRS: {crs}

Files and SHA-256 checksums are listed in MANIFEST.json.
"""


def sha256_of(path: Path, bufsize=1 << 20) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


def find_deliverables(project: Path, patterns):
    for kind, globs in patterns.items():
        for pattern in globs:
            hits = sorted(project.glob(pattern))
            if hits:
                yield kind, hits[0]
                break
        else:
            log.warning("no %s found in %s", kind, project)


def load_config(path: Path):
    cfg = configparser.ConfigParser()
    if path.exists():
        cfg.read(path)
    meta = cfg["project"] if cfg.has_section("project") else {}
    return {
        "client": meta.get("client", "client"),
        "site": meta.get("site", "site"),
        "flown": meta.get("flown", "unknown"),
        "crs": meta.get("crs", "EPSG:4326"),
    }


class HandoverPacker:
    def __init__(self, project: Path, out_dir: Path, meta: dict, keep_staging=False):
        self.project = project
        self.out_dir = out_dir
        self.meta = meta
        self.keep_staging = keep_staging
        self.staging = out_dir / ".staging"

    def stage(self):
        if self.staging.exists():
            shutil.rmtree(self.staging)
        self.staging.mkdir(parents=True)
        manifest = []
        for kind, src in find_deliverables(self.project, DEFAULT_PATTERNS):
            dst = self.staging / f"{kind}{''.join(src.suffixes)}"
            shutil.copy2(src, dst)
            manifest.append({"kind": kind, "file": dst.name, "bytes": dst.stat().st_size,
                             "sha256": sha256_of(dst), "source": str(src.relative_to(self.project))})
            log.info("staged %-11s %s", kind, src.name)
        (self.staging / "MANIFEST.json").write_text(json.dumps(manifest, indent=2))
        (self.staging / "README.txt").write_text(README_TEMPLATE.format(packed=date.today(), **self.meta))
        return manifest

    def archive(self):
        name = f"{self.meta['client']}_{self.meta['site']}_{date.today():%Y%m%d}.zip".replace(" ", "-")
        target = self.out_dir / name
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, allowZip64=True) as zf:
            for f in sorted(self.staging.iterdir()):
                zf.write(f, arcname=f.name)
        return target

    def finish(self):
        if not self.keep_staging:
            shutil.rmtree(self.staging, ignore_errors=True)

    def run(self):
        manifest = self.stage()
        if not manifest:
            raise RuntimeError("nothing to pack")
        target = self.archive()
        self.finish()
        return target


def main(argv=None):
    ap = argparse.ArgumentParser(description="Pack survey deliverables for handover")
    ap.add_argument("project", type=Path)
    ap.add_argument("-o", "--out", type=Path, default=Path("handover"))
    ap.add_argument("-c", "--config", type=Path, default=Path("handover.ini"))
    ap.add_argument("--keep-staging", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.project.is_dir():
        log.error("%s is not a directory", args.project)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    packer = HandoverPacker(args.project, args.out, load_config(args.config), args.keep_staging)
    try:
        target = packer.run()
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("wrote %s (%.1f MB)", target, target.stat().st_size / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
