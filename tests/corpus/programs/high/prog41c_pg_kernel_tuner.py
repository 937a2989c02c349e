#!/usr/bin/env python3
"""Apply kernel settings recommended for a dedicated PostgreSQL host.

Disables transparent huge pages, lowers swappiness and sizes the dirty
page thresholds from installed memory. Values are written straight into
/proc/sys and /sys so they take effect without a reboot.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("pgkernel")

THP_KNOBS = (
    Path("/sys/kernel/mm/transparent_hugepage/enabled"),
    Path("/sys/kernel/mm/transparent_hugepage/defrag"),
)


def count_cpus(path="/proc/cpuinfo"):
    try:
        with open(path, encoding="utf-8") as fh:
            return sum(1 for line in fh if line.startswith("processor")) or 1
    except OSError:
        return os.cpu_count() or 1


def total_memory_bytes():
    return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")


def desired_sysctls(mem_bytes):
    dirty_bg = min(64 * 1024 * 1024, mem_bytes // 100)
    return {
        "vm.swappiness": 1,
        "vm.overcommit_memory": 2,
        "vm.overcommit_ratio": 90,
        "vm.dirty_background_bytes": dirty_bg,
        "vm.dirty_bytes": dirty_bg * 4,
        "kernel.sched_migration_cost_ns": 5000000,
    }


class KernelTuner:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.changed = []

    @staticmethod
    def sysctl_path(key):
        return Path("/proc/sys") / key.replace(".", "/")

    def write_knob(self, path, value):
        value = str(value)
        try:
            current = path.read_text().strip()
        except OSError as exc:
            log.warning("skip %s: %s", path, exc)
            return
        if f"[{value}]" in current or current == value:
            log.debug("%s already %s", path, value)
            return
        log.info("%s: %s -> %s", path, current, value)
        if not self.dry_run:
            with open(path, "w") as fh:
                fh.write(value + "\n")
        self.changed.append(str(path))

    def apply(self, mem_bytes, disable_thp=True):
        for key, value in desired_sysctls(mem_bytes).items():
            self.write_knob(self.sysctl_path(key), value)
        if disable_thp:
            for knob in THP_KNOBS:
                self.write_knob(knob, "never")
        return self.changed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep-thp", action="store_true", help="leave transparent huge pages alone")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root (or use --dry-run)")
        return 1
    mem = total_memory_bytes()
    log.info("host: %d CPUs, %.1f GiB RAM", count_cpus(), mem / 2**30)
    changed = KernelTuner(args.dry_run).apply(mem, disable_thp=not args.keep_thp)
    log.info("%d knob(s) %s", len(changed), "would change" if args.dry_run else "changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
