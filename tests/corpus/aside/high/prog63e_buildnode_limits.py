#!/usr/bin/env python3
"""Raise kernel limits on a build-farm node before the agent accepts jobs.

Large monorepo builds (bazel, webpack watchers, parallel linkers) run out of
inotify watches and file handles on stock kernels, and the overlay module is
needed by the container executor.  Values are applied through /proc/sys and
the current state is reported as JSON for the fleet dashboard.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("node-limits")

PROC_SYS = Path("/proc/sys")
LIMITS = [
    ("fs/inotify/max_user_watches", 1048576),
    ("fs/inotify/max_user_instances", 8192),
    ("fs/file-max", 2097152),
    ("vm/max_map_count", 262144),
    ("kernel/pid_max", 4194304),
]
MODULES = ("overlay", "br_netfilter")


def read_knob(rel: str):
    try:
        return int((PROC_SYS / rel).read_text().split()[0])
    except (OSError, ValueError):
        return None


def apply_limits(dry_run: bool):
    changes = {}
    for rel, wanted in LIMITS:
        current = read_knob(rel)
        if current is not None and current >= wanted:
            log.debug("%s already %s", rel, current)
            continue
        log.info("%s: %s -> %s", rel, current, wanted)
        if not dry_run:
            with open(PROC_SYS / rel, "w") as knob:
                knob.write(f"{wanted}\n")
        changes[rel] = {"before": current, "after": wanted}
    return changes


def loaded_modules():
    with open("/proc/modules") as fh:
        return {line.split()[0] for line in fh}


def ensure_modules(dry_run: bool):
    present = loaded_modules()
    loaded = []
    for mod in MODULES:
        if mod in present:
            continue
        log.info("loading kernel module %s", mod)
        if not dry_run:
            res = subprocess.run(["modprobe", mod], capture_output=True, text=True)
            if res.returncode != 0:
                log.error("modprobe %s failed: %s", mod, res.stderr.strip())
                continue
        loaded.append(mod)
    return loaded


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--report", type=Path, default=Path("node-limits.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("root required (use --dry-run to preview)")
        return 1
    report = {
        "host": os.uname().nodename,
        "changes": apply_limits(args.dry_run),
        "modules_loaded": ensure_modules(args.dry_run),
        "final": {rel: read_knob(rel) for rel, _ in LIMITS},
    }
    args.report.write_text(json.dumps(report, indent=2))
    log.info("report written to %s", args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
