#!/usr/bin/env python3
"""Unpack third-party bundles listed in vendor.json into ./third_party.

vendor.json: {"bundles": [{"name": "icons", "file": "downloads/icons.tar.gz"}, ...]}
An unpacker is chosen from UNPACKERS by the archive suffix.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

logger = logging.getLogger("vendor")
DEST_ROOT = Path("third_party")


def _unpack_tar(archive: Path, dest: Path) -> int:
    with tarfile.open(archive) as tf:
        members = tf.getmembers()
        tf.extractall(dest)
    return len(members)


def _unpack_zip(archive: Path, dest: Path) -> int:
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(dest)
        return len(zf.namelist())


def _unpack_7z(archive: Path, dest: Path) -> int:
    exe = shutil.which("7z") or shutil.which("7za")
    if exe is None:
        raise RuntimeError("7z not installed")
    proc = subprocess.run([exe, "x", "-y", f"-o{dest}", str(archive)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "7z failed")
    return sum(1 for _ in dest.rglob("*"))


UNPACKERS = {
    (".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".tar"): _unpack_tar,
    (".zip", ".whl", ".jar"): _unpack_zip,
    (".7z",): _unpack_7z,
}


def pick_unpacker(archive: Path):
    name = archive.name.lower()
    for suffixes, func in UNPACKERS.items():
        if name.endswith(suffixes):
            return func
    return None


def install_bundle(bundle: dict, force: bool) -> bool:
    archive = Path(bundle["file"])
    dest = DEST_ROOT / bundle["name"]
    func = pick_unpacker(archive)
    if func is None:
        logger.error("%s: unsupported archive type", archive)
        return False
    if dest.exists():
        if not force:
            logger.info("%s already unpacked, skipping", bundle["name"])
            return True
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    try:
        count = func(archive, dest)
    except (OSError, tarfile.TarError, zipfile.BadZipFile, RuntimeError) as exc:
        logger.error("%s: %s", archive, exc)
        shutil.rmtree(dest, ignore_errors=True)
        return False
    logger.info("%s: %d entries -> %s", bundle["name"], count, dest)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--manifest", default="vendor.json")
    parser.add_argument("--only", nargs="*", help="bundle names to process")
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    with open(args.manifest) as fh:
        bundles = json.load(fh).get("bundles", [])
    if args.only:
        bundles = [b for b in bundles if b.get("name") in args.only]
    DEST_ROOT.mkdir(exist_ok=True)
    ok = all([install_bundle(b, args.force) for b in bundles])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
