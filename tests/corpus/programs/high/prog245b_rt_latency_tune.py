#!/usr/bin/env python3
"""Tune the CNC controller PC for real-time stepping before a long job.

LinuxCNC's base thread misses deadlines on this PC when the CPU drops into
power-saving states, which shows up as chatter marks on soundboard
rosettes.  This tool applies the usual latency settings for the duration of
a carving session and can restore the previous values afterwards.
"""

import argparse
import glob
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

SAVE_FILE = Path("rt_tune_saved.json")
SYSCTLS = {
    "kernel.sched_rt_runtime_us": "-1",
    "vm.swappiness": "10",
    "kernel.timer_migration": "0",
}
GOVERNOR_GLOB = "/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"

log = logging.getLogger("rt_tune")


def read_sysctl(key):
    path = Path("/proc/sys") / key.replace(".", "/")
    try:
        return path.read_text().strip()
    except OSError:
        return None


def set_sysctl(key, value, dry_run):
    if dry_run:
        log.info("would set %s = %s", key, value)
        return
    subprocess.run(["sysctl", "-w", f"{key}={value}"], check=True,
                   stdout=subprocess.DEVNULL)
    log.info("set %s = %s", key, value)


def read_governors():
    result = {}
    for path in sorted(glob.glob(GOVERNOR_GLOB)):
        try:
            result[path] = Path(path).read_text().strip()
        except OSError:
            pass
    return result


def write_governor(path, value, dry_run):
    if dry_run:
        log.info("would write %s to %s", value, path)
        return
    with open(path, "w") as fh:
        fh.write(value)


def apply(dry_run):
    saved = {"sysctl": {}, "governor": read_governors()}
    for key, value in SYSCTLS.items():
        current = read_sysctl(key)
        if current is None:
            log.warning("%s not available on this kernel", key)
            continue
        saved["sysctl"][key] = current
        if current != value:
            set_sysctl(key, value, dry_run)
    for path in saved["governor"]:
        write_governor(path, "performance", dry_run)
    log.info("CPU governor set to performance on %d cores",
             len(saved["governor"]))
    if not dry_run:
        SAVE_FILE.write_text(json.dumps(saved, indent=2))
        log.info("previous values saved to %s", SAVE_FILE)


def restore(dry_run):
    if not SAVE_FILE.exists():
        log.error("nothing to restore, %s missing", SAVE_FILE)
        return 1
    saved = json.loads(SAVE_FILE.read_text())
    for key, value in saved.get("sysctl", {}).items():
        set_sysctl(key, value, dry_run)
    for path, gov in saved.get("governor", {}).items():
        write_governor(path, gov, dry_run)
    if not dry_run:
        SAVE_FILE.unlink()
    log.info("latency settings restored")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["apply", "restore", "show"])
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.action == "show":
        for key in SYSCTLS:
            print(f"{key:32} {read_sysctl(key)}")
        for path, gov in read_governors().items():
            print(f"{path.split('/')[5]:32} {gov}")
        return 0

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root (try: sudo %s %s)", sys.argv[0], args.action)
        return 1
    try:
        if args.action == "apply":
            apply(args.dry_run)
            return 0
        return restore(args.dry_run)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("tuning failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
