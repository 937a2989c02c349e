#!/usr/bin/env python3
"""Kernel tuning for RIP spool servers.

Large-format RIPs write multi-gigabyte rasters to the spool disk while the
printer drains them. With the stock writeback settings the page cache fills,
the RIP stalls and the printer pauses mid-banner. This tool sizes writeback
and inotify limits from the machine's RAM and applies them.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("rip-tune")

PROC_SYS = Path("/proc/sys")


@dataclass
class Knob:
    key: str          # dotted sysctl name
    target: int
    reason: str

    @property
    def path(self):
        return PROC_SYS / self.key.replace(".", "/")

    def current(self):
        try:
            return int(self.path.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None


def mem_total_kib():
    with open("/proc/meminfo") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                return int(line.split()[1])
    raise RuntimeError("MemTotal missing from /proc/meminfo")


def plan(hotfolders):
    ram_gib = mem_total_kib() / (1024 * 1024)
    # keep dirty data to a few hundred MB so the disk never falls far behind
    dirty_bytes = int(min(1024, max(256, ram_gib * 24)) * 1024 * 1024)
    return [
        Knob("vm.dirty_bytes", dirty_bytes, "cap dirty raster pages"),
        Knob("vm.dirty_background_bytes", dirty_bytes // 4,
             "start writeback early"),
        Knob("vm.swappiness", 10, "keep RIP heap resident"),
        Knob("vm.vfs_cache_pressure", 50, "keep hot-folder dentries cached"),
        Knob("fs.inotify.max_user_watches", max(65536, hotfolders * 8192),
             "one watch per hot-folder subtree"),
        Knob("fs.file-max", 262144, "RIP opens many tiles at once"),
    ]


def apply(knobs, dry_run):
    changed = []
    for knob in knobs:
        cur = knob.current()
        if cur == knob.target:
            log.info("%-32s %s (ok)", knob.key, cur)
            continue
        log.info("%-32s %s -> %s  # %s", knob.key, cur, knob.target, knob.reason)
        if dry_run:
            continue
        try:
            knob.path.write_text(f"{knob.target}\n")
            changed.append(knob.key)
        except PermissionError:
            log.error("no permission to set %s (run as root)", knob.key)
        except OSError as exc:
            log.error("could not set %s: %s", knob.key, exc)
    return changed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hotfolders", type=int, default=24,
                    help="number of RIP hot folders on this server")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--record", default="rip_tune_applied.json",
                    help="write what was changed here")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.dry_run and os.geteuid() != 0:
        log.warning("not running as root; writes will probably fail")

    knobs = plan(args.hotfolders)
    before = {k.key: k.current() for k in knobs}
    changed = apply(knobs, args.dry_run)
    if changed:
        Path(args.record).write_text(json.dumps(
            {"before": before, "changed": changed}, indent=2))
        log.info("%d setting(s) changed, previous values in %s",
                 len(changed), args.record)
    return 0 if args.dry_run or len(changed) == len(
        [k for k in knobs if before[k.key] != k.target]) else 1


if __name__ == "__main__":
    sys.exit(main())
