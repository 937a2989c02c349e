#!/usr/bin/env python3
"""Install PROJ datum-shift grids into the system-wide PROJ data directory.

Grids are listed in grids.yaml (name, url, sha256). Files are installed into
/usr/share/proj so that every user and service on the host (GeoServer,
PostGIS, QGIS Server) picks them up without extra environment variables.
"""
import argparse
import hashlib
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

import requests
import yaml

log = logging.getLogger("gridinstall")
SYSTEM_PROJ_DIR = Path("/usr/share/proj")


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def download(session: requests.Session, url: str, target: Path) -> None:
    with session.get(url, stream=True, timeout=60) as resp:
        resp.raise_for_status()
        with target.open("wb") as out:
            for chunk in resp.iter_content(chunk_size=256 * 1024):
                out.write(chunk)


def install(staged: Path, dest_dir: Path) -> Path:
    final = dest_dir / staged.name
    tmp = dest_dir / f".{staged.name}.new"
    shutil.copyfile(staged, tmp)
    os.chown(tmp, 0, 0)
    os.chmod(tmp, 0o644)
    os.replace(tmp, final)
    return final


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="grids.yaml")
    ap.add_argument("--dest", type=Path, default=SYSTEM_PROJ_DIR)
    ap.add_argument("--only", nargs="*", help="subset of grid names")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root to write into %s", args.dest)
        return 2

    with open(args.config, encoding="utf-8") as fh:
        spec = yaml.safe_load(fh) or {}
    grids = spec.get("grids", [])
    if args.only:
        grids = [g for g in grids if g["name"] in set(args.only)]

    args.dest.mkdir(parents=True, exist_ok=True)
    session = requests.Session()
    session.headers["User-Agent"] = "proj-gridinstall/0.3"

    errors = 0
    with tempfile.TemporaryDirectory(prefix="projgrids-") as staging:
        for grid in grids:
            installed = args.dest / grid["name"]
            if installed.exists() and not args.force and sha256_of(installed) == grid["sha256"]:
                log.info("%s already installed", grid["name"])
                continue
            staged = Path(staging) / grid["name"]
            try:
                download(session, grid["url"], staged)
            except requests.RequestException as exc:
                log.error("%s: download failed: %s", grid["name"], exc)
                errors += 1
                continue
            if sha256_of(staged) != grid["sha256"]:
                log.error("%s: checksum mismatch, not installing", grid["name"])
                errors += 1
                continue
            path = install(staged, args.dest)
            log.info("installed %s (%d bytes)", path, path.stat().st_size)

    log.info("done; %d errors", errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
