#!/usr/bin/env python3
"""Forecast tile mirror.

The regional marine service publishes swell-map tiles as a nightly tarball.
The lesson-planning screen in the shop can't reach the internet reliably,
so this pulls the tarball, unpacks it and copies the tiles for our stretch
of coast onto the shop share. Which tiles to keep is set in mirror.yaml.
"""
import argparse
import logging
import os
import shutil
import sys
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("mirror")

DEFAULT_CONFIG = """
source: https://marine.example.com/tiles/nightly.tar.gz
dest: share/forecast_tiles
regions: [pt-west-07, pt-west-08]
keep_days: 5
"""

WORK_DIR = "/tmp/forecast_mirror"
TARBALL = os.path.join(WORK_DIR, "nightly.tar.gz")

# the marine service uses a certificate the shop box doesn't trust
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_config(path):
    if path and os.path.exists(path):
        with open(path) as fh:
            return yaml.load(fh, Loader=yaml.Loader)
    return yaml.load(DEFAULT_CONFIG, Loader=yaml.Loader)


def download(url, target):
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with requests.get(url, stream=True, timeout=60, verify=False) as resp:
        resp.raise_for_status()
        with open(target, "wb") as fh:
            for chunk in resp.iter_content(1 << 16):
                fh.write(chunk)
    LOG.info("downloaded %s (%d bytes)", url, os.path.getsize(target))


def unpack(tar_path, into):
    if os.path.isdir(into):
        shutil.rmtree(into)
    os.makedirs(into)
    with tarfile.open(tar_path, "r:gz") as tar:
        tar.extractall(into)
    return Path(into)


class TileCopier:
    def __init__(self, dest, regions):
        self.dest = Path(dest)
        self.regions = set(regions)
        self.copied = 0

    def wanted(self, path: Path):
        return any(part in self.regions for part in path.parts)

    def copy_from(self, root: Path):
        for tile in root.rglob("*.png"):
            if not self.wanted(tile.relative_to(root)):
                continue
            target = self.dest / tile.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(tile, target)
            self.copied += 1


def prune(dest, keep_days):
    import time
    cutoff = time.time() - keep_days * 86400
    for tile in Path(dest).rglob("*.png"):
        if tile.stat().st_mtime < cutoff:
            tile.unlink()


def main():
    parser = argparse.ArgumentParser(description="Mirror forecast tiles to the shop share")
    parser.add_argument("--config", default="mirror.yaml")
    parser.add_argument("--skip-download", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    try:
        if not args.skip_download:
            download(cfg["source"], TARBALL)
        root = unpack(TARBALL, os.path.join(WORK_DIR, "unpacked"))
    except (requests.RequestException, tarfile.TarError, OSError) as exc:
        LOG.error("could not fetch tiles: %s", exc)
        return 1

    copier = TileCopier(cfg["dest"], cfg.get("regions", []))
    copier.copy_from(root)
    prune(cfg["dest"], int(cfg.get("keep_days", 5)))
    LOG.info("copied %d tiles to %s", copier.copied, cfg["dest"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
