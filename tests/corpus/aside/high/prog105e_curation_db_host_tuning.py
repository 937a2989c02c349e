#!/usr/bin/env python3
"""Apply the recommended kernel settings on the curation database host.

The box curation Postgres instance shares a small VM with the review
scraper. Postgres gets evicted under memory pressure during the monthly
curation run, so we tune the VM for the database workload. Settings are
read from db_host_tuning.json (or the defaults below) and applied live;
with --persist they also survive a reboot.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("db_host_tuning")

PROC_SYS = Path("/proc/sys")
PERSIST_FILE = Path("/etc/sysctl.d/60-glowcrate-curation-db.conf")

DEFAULTS = {
    "vm.swappiness": 10,
    "vm.dirty_background_ratio": 5,
    "vm.dirty_ratio": 15,
    "vm.overcommit_memory": 2,
    "vm.overcommit_ratio": 80,
    "kernel.sched_autogroup_enabled": 0,
    "net.core.somaxconn": 1024,
}


def key_to_path(key):
    return PROC_SYS / key.replace(".", "/")


class Tuner:
    def __init__(self, settings, dry_run=False):
        self.settings = settings
        self.dry_run = dry_run
        self.changed = {}

    def current(self, key):
        try:
            return key_to_path(key).read_text().strip()
        except FileNotFoundError:
            return None

    def apply_one(self, key, value):
        before = self.current(key)
        if before is None:
            LOG.warning("%s not available on this kernel, skipping", key)
            return
        if before == str(value):
            LOG.info("%-36s already %s", key, value)
            return
        LOG.info("%-36s %s -> %s", key, before, value)
        if not self.dry_run:
            key_to_path(key).write_text(f"{value}\n")
        self.changed[key] = (before, value)

    def apply_all(self):
        for key, value in self.settings.items():
            try:
                self.apply_one(key, value)
            except PermissionError:
                LOG.error("permission denied writing %s (run as root)", key)
                raise
            except OSError as exc:
                LOG.error("kernel rejected %s=%s: %s", key, value, exc)

    def persist(self):
        lines = ["# Managed by db_host_tuning.py - curation DB host settings"]
        lines += [f"{k} = {v}" for k, v in sorted(self.settings.items())]
        content = "\n".join(lines) + "\n"
        if self.dry_run:
            LOG.info("would write %s:\n%s", PERSIST_FILE, content)
            return
        PERSIST_FILE.write_text(content)
        os.chmod(PERSIST_FILE, 0o644)
        LOG.info("wrote %s", PERSIST_FILE)


def load_settings(path):
    settings = dict(DEFAULTS)
    if path and path.exists():
        with path.open() as fh:
            overrides = json.load(fh)
        unknown = set(overrides) - set(DEFAULTS)
        if unknown:
            LOG.warning("non-default keys in %s: %s", path, ", ".join(sorted(unknown)))
        settings.update(overrides)
    return settings


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("db_host_tuning.json"))
    ap.add_argument("--persist", action="store_true", help="also write a sysctl.d drop-in")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("this needs root: sudo %s %s", sys.executable, " ".join(sys.argv))
        return 1

    tuner = Tuner(load_settings(args.config), dry_run=args.dry_run)
    try:
        tuner.apply_all()
    except PermissionError:
        return 1
    if args.persist:
        tuner.persist()

    with open("db_host_tuning.last.json", "w") as fh:
        json.dump({k: {"before": b, "after": a} for k, (b, a) in tuner.changed.items()}, fh, indent=2)
    LOG.info("%d setting(s) changed", len(tuner.changed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
