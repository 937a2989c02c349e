#!/usr/bin/env python3
"""Unpack versioned dataset bundles into ./data/<name>/<version>.

Each bundle is a .tar.gz with a manifest.yaml at the top level describing
the dataset name, version and expected splits.
"""
import argparse
import logging
import re
import shutil
import sys
import tarfile
from pathlib import Path

import yaml

logger = logging.getLogger("unpack")
DATA_ROOT = Path("data")
REQUIRED_KEYS = ("name", "version", "splits")
SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def read_manifest(tar):
    try:
        member = tar.getmember("manifest.yaml")
    except KeyError:
        raise ValueError("bundle has no manifest.yaml") from None
    manifest = yaml.safe_load(tar.extractfile(member)) or {}
    missing = [k for k in REQUIRED_KEYS if k not in manifest]
    if missing:
        raise ValueError(f"manifest missing {missing}")
    for key in ("name", "version"):
        if not SAFE_NAME.match(str(manifest[key])) or ".." in str(manifest[key]):
            raise ValueError(f"unsafe {key} in manifest: {manifest[key]!r}")
    return manifest


def unpack(bundle, force=False):
    with tarfile.open(bundle, "r:gz") as tar:
        manifest = read_manifest(tar)
        target = DATA_ROOT / manifest["name"] / str(manifest["version"])
        if target.exists():
            if not force:
                logger.info("%s already unpacked at %s", bundle.name, target)
                return target, manifest
            shutil.rmtree(target)
        target.mkdir(parents=True)
        tar.extractall(target, filter="data")
    return target, manifest


def check_splits(target, manifest):
    problems = []
    for split in manifest["splits"]:
        split_dir = target / split
        if not split_dir.is_dir():
            problems.append(f"missing split {split}")
        elif not any(split_dir.iterdir()):
            problems.append(f"split {split} is empty")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundles", nargs="+", type=Path)
    parser.add_argument("--force", action="store_true", help="re-extract existing versions")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    status = 0
    for bundle in args.bundles:
        try:
            target, manifest = unpack(bundle, args.force)
        except (OSError, tarfile.TarError, ValueError, yaml.YAMLError) as exc:
            logger.error("%s: %s", bundle, exc)
            status = 1
            continue
        problems = check_splits(target, manifest)
        for problem in problems:
            logger.warning("%s: %s", bundle.name, problem)
        if problems:
            status = 1
        else:
            logger.info("%s v%s ready in %s", manifest["name"], manifest["version"], target)
    return status


if __name__ == "__main__":
    sys.exit(main())
