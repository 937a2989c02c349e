#!/usr/bin/env python3
"""Prepare a quadruped's onboard PC for the 1 kHz joint control loop.

Applies a tuning profile (JSON) of kernel knobs: RT throttling off, CPU
frequency governor pinned to performance, IRQ affinity away from the isolated
control cores. Saves the previous values into ./rt_tuning_backup.json so the
profile can be reverted after a test session.
"""
import argparse
import glob
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger("rt-tuner")
BACKUP = Path("rt_tuning_backup.json")

DEFAULT_PROFILE = {
    "proc_sys": {
        "kernel/sched_rt_runtime_us": "-1",
        "kernel/timer_migration": "0",
        "vm/stat_interval": "10",
    },
    "sys_glob": {
        "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor": "performance",
        "/sys/kernel/mm/transparent_hugepage/enabled": "never",
    },
    "irq_affinity_mask": "3",  # cores 0-1 handle IRQs, 2-3 run control loop
}


def knob_path(key):
    return Path("/proc/sys") / key


def read_value(path):
    try:
        return path.read_text().strip()
    except OSError as exc:
        log.debug("cannot read %s: %s", path, exc)
        return None


def write_value(path, value, dry_run):
    if dry_run:
        log.info("[dry-run] %s <- %s", path, value)
        return True
    try:
        with open(path, "w") as fh:
            fh.write(str(value))
        return True
    except OSError as exc:
        log.warning("failed to set %s: %s", path, exc)
        return False


def collect_targets(profile):
    targets = {}
    for key, val in profile.get("proc_sys", {}).items():
        targets[knob_path(key)] = val
    for pattern, val in profile.get("sys_glob", {}).items():
        for p in glob.glob(pattern):
            targets[Path(p)] = val
    mask = profile.get("irq_affinity_mask")
    if mask:
        for p in glob.glob("/proc/irq/*/smp_affinity"):
            targets[Path(p)] = mask
    return targets


def apply(targets, dry_run):
    backup, failed = {}, 0
    for path, value in sorted(targets.items()):
        old = read_value(path)
        if old is None:
            continue
        backup[str(path)] = old
        if old == str(value):
            continue
        if not write_value(path, value, dry_run):
            failed += 1
    return backup, failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", type=Path, help="JSON tuning profile")
    ap.add_argument("--revert", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.revert:
        saved = json.loads(BACKUP.read_text())
        targets = {Path(k): v for k, v in saved.items()}
        _, failed = apply(targets, args.dry_run)
        log.info("reverted %d knobs (%d failed)", len(targets), failed)
        return 1 if failed else 0

    profile = json.loads(args.profile.read_text()) if args.profile else DEFAULT_PROFILE
    targets = collect_targets(profile)
    backup, failed = apply(targets, args.dry_run)
    if not args.dry_run and not BACKUP.exists():
        BACKUP.write_text(json.dumps(backup, indent=2))
    log.info("%d knobs considered, %d failed", len(targets), failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
