#!/usr/bin/env python3
"""Unpack vendored front-end bundles into ./vendor.

Each bundle is a .tar.gz listed in vendor_bundles.json together with its
expected SHA-256. Bundles are staged in a scratch directory, checked for the
expected top-level layout and then moved into place.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

log = logging.getLogger("vendor_unpack")


class BundleError(Exception):
    pass


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def load_manifest(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    bundles = data.get("bundles", [])
    for b in bundles:
        if not {"name", "archive", "sha256"} <= set(b):
            raise BundleError(f"incomplete manifest entry: {b}")
    return bundles


def stage_archive(archive: Path) -> Path:
    staging = Path(tempfile.mktemp(prefix="vendor-stage-"))
    staging.mkdir()
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(path=staging)
    return staging


def find_package_root(staging: Path) -> Path:
    entries = [p for p in staging.iterdir() if not p.name.startswith(".")]
    if len(entries) == 1 and entries[0].is_dir():
        return entries[0]
    if (staging / "package.json").exists():
        return staging
    raise BundleError("unexpected bundle layout")


def install_bundle(bundle: dict, archive_dir: Path, vendor_dir: Path, force: bool) -> bool:
    archive = archive_dir / bundle["archive"]
    target = vendor_dir / bundle["name"]
    if target.exists() and not force:
        log.info("%s already installed", bundle["name"])
        return False
    if not archive.exists():
        raise BundleError(f"missing archive {archive}")
    digest = sha256_of(archive)
    if digest != bundle["sha256"]:
        raise BundleError(f"checksum mismatch for {archive.name}: {digest}")
    staging = stage_archive(archive)
    try:
        root = find_package_root(staging)
        if target.exists():
            shutil.rmtree(target)
        shutil.move(str(root), str(target))
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--manifest", type=Path, default=Path("vendor_bundles.json"))
    ap.add_argument("--archives", type=Path, default=Path("downloads"))
    ap.add_argument("--vendor", type=Path, default=Path("vendor"))
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        bundles = load_manifest(args.manifest)
    except (OSError, ValueError, BundleError) as exc:
        log.error("cannot read manifest: %s", exc)
        return 2
    os.makedirs(args.vendor, exist_ok=True)
    installed, failed = 0, 0
    for bundle in bundles:
        try:
            if install_bundle(bundle, args.archives, args.vendor, args.force):
                installed += 1
                log.info("installed %s", bundle["name"])
        except (OSError, tarfile.TarError, BundleError) as exc:
            failed += 1
            log.error("%s: %s", bundle["name"], exc)
    log.info("installed=%d failed=%d", installed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
