#!/usr/bin/env python3
"""Apply a named kernel tuning profile for our database hosts.

Profiles are kept as YAML in this file. Each value is written straight into
/proc/sys; the previous values are saved to ./kernel-profile.undo.json so
that `--revert` can restore them.
"""
import argparse
import json
import logging
from pathlib import Path

import yaml

LOG = logging.getLogger("kprofile")
PROC_SYS = Path("/proc/sys")
UNDO_FILE = Path("kernel-profile.undo.json")

PROFILES_YAML = """
oltp:
  vm.swappiness: 1
  vm.dirty_background_ratio: 3
  vm.dirty_ratio: 10
  net.core.somaxconn: 4096
  net.ipv4.tcp_keepalive_time: 120
analytics:
  vm.swappiness: 10
  vm.dirty_ratio: 40
  fs.file-max: 2097152
  fs.inotify.max_user_watches: 524288
"""


def key_to_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


class ProfileApplier:
    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        self.previous = {}

    def read(self, key: str) -> str:
        return key_to_path(key).read_text().strip()

    def write(self, key: str, value) -> None:
        path = key_to_path(key)
        current = self.read(key)
        if current == str(value):
            LOG.info("%s already %s", key, value)
            return
        self.previous[key] = current
        LOG.info("%s: %s -> %s", key, current, value)
        if not self.dry_run:
            path.write_text(f"{value}\n")

    def apply(self, settings: dict) -> int:
        errors = 0
        for key, value in settings.items():
            try:
                self.write(key, value)
            except PermissionError:
                LOG.error("%s: permission denied (run as root)", key)
                errors += 1
            except FileNotFoundError:
                LOG.warning("%s: not supported by this kernel", key)
        return errors


def main() -> int:
    profiles = yaml.safe_load(PROFILES_YAML)
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("profile", nargs="?", choices=sorted(profiles))
    ap.add_argument("--revert", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    applier = ProfileApplier(args.dry_run)
    if args.revert:
        if not UNDO_FILE.exists():
            LOG.error("nothing to revert")
            return 1
        errors = applier.apply(json.loads(UNDO_FILE.read_text()))
        if not errors and not args.dry_run:
            UNDO_FILE.unlink()
        return 1 if errors else 0

    if not args.profile:
        ap.error("a profile is required unless --revert is given")
    errors = applier.apply(profiles[args.profile])
    if applier.previous and not args.dry_run:
        UNDO_FILE.write_text(json.dumps(applier.previous, indent=2))
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
