#!/usr/bin/env python3
"""Apply a workload's kernel tuning profile to the running host.

Dotted keys from the profile (e.g. net.core.somaxconn) are mapped to their
/proc/sys files and written directly, which avoids depending on procps in
minimal images. Previous values are saved so --revert can restore them.
"""
import argparse
import json
import logging
import sys
from pathlib import Path, PurePosixPath

import yaml

LOG = logging.getLogger("kprofile")
PROC_SYS = PurePosixPath("/proc/sys")
BACKUP = Path("kprofile-backup.json")


def knob_path(dotted: str) -> Path:
    parts = dotted.strip().split(".")
    if not parts or any(not p or p in (".", "..") for p in parts):
        raise ValueError(f"bad key {dotted!r}")
    return Path(PROC_SYS.joinpath(*parts))


class KernelKnobs:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.saved = {}

    def read(self, key):
        return knob_path(key).read_text().strip()

    def write(self, key, value):
        path = knob_path(key)
        text = " ".join(map(str, value)) if isinstance(value, list) else str(value)
        old = self.read(key)
        self.saved.setdefault(key, old)
        if old.split() == text.split():
            LOG.debug("%s already %s", key, text)
            return False
        LOG.info("%s: %s -> %s", key, old, text)
        if not self.dry_run:
            path.write_text(text + "\n")
        return True


def load_profile(path: Path, workload: str) -> dict:
    with path.open() as fh:
        doc = yaml.safe_load(fh) or {}
    try:
        return doc["workloads"][workload]["sysctl"]
    except KeyError:
        raise SystemExit(f"workload {workload!r} not found in {path}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("workload", nargs="?")
    ap.add_argument("--profile", type=Path, default=Path("profiles/tuning.yaml"))
    ap.add_argument("--revert", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(name)s: %(message)s")

    knobs = KernelKnobs(dry_run=args.dry_run)
    if args.revert:
        if not BACKUP.exists():
            LOG.error("no backup to revert from")
            return 1
        settings = json.loads(BACKUP.read_text())
    else:
        if not args.workload:
            ap.error("workload is required unless --revert")
        settings = load_profile(args.profile, args.workload)

    changed, failed = 0, 0
    for key, value in sorted(settings.items()):
        try:
            changed += knobs.write(key, value)
        except (OSError, ValueError) as exc:
            failed += 1
            LOG.error("%s: %s", key, exc)

    if not args.revert and not args.dry_run and knobs.saved:
        BACKUP.write_text(json.dumps(knobs.saved, indent=2, sort_keys=True))
    LOG.info("%d changed, %d failed", changed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
