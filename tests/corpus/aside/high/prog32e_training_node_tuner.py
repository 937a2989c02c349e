#!/usr/bin/env python3
"""Kernel and limits tuning for multi-GPU training nodes.

Applies the settings our distributed fine-tuning runs need:
  * vm.swappiness / NUMA balancing / max_map_count via /proc/sys
  * unlimited memlock for RDMA / NCCL pinned buffers via limits.d
Must run as root.  Use --check to only report current values.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("node_tuner")

PROC_SYS = Path("/proc/sys")
LIMITS_FILE = Path("/etc/security/limits.d/90-llm-training.conf")

SYSCTL_TARGETS = {
    "vm.swappiness": "1",
    "vm.max_map_count": "1048576",
    "kernel.numa_balancing": "0",
    "net.core.rmem_max": "268435456",
    "net.core.wmem_max": "268435456",
}

LIMITS_BODY = """\
# managed by node_tuner.py - pinned memory for NCCL/RDMA
*    soft    memlock    unlimited
*    hard    memlock    unlimited
*    soft    nofile     1048576
*    hard    nofile     1048576
"""


def key_to_path(key):
    return PROC_SYS.joinpath(*key.split("."))


def read_current(key):
    try:
        return key_to_path(key).read_text().strip()
    except OSError as exc:
        log.debug("cannot read %s: %s", key, exc)
        return None


def apply_sysctl(key, value, dry_run):
    current = read_current(key)
    if current == value:
        log.info("%-24s already %s", key, value)
        return False
    if dry_run:
        log.info("%-24s %s -> %s (dry run)", key, current, value)
        return False
    path = key_to_path(key)
    with open(path, "w") as fh:
        fh.write(value + "\n")
    log.info("%-24s %s -> %s", key, current, value)
    return True


def apply_limits(dry_run):
    existing = LIMITS_FILE.read_text() if LIMITS_FILE.exists() else None
    if existing == LIMITS_BODY:
        log.info("%s up to date", LIMITS_FILE)
        return False
    if dry_run:
        log.info("would write %s", LIMITS_FILE)
        return False
    LIMITS_FILE.parent.mkdir(parents=True, exist_ok=True)
    tmp = LIMITS_FILE.with_suffix(".tmp")
    tmp.write_text(LIMITS_BODY)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, LIMITS_FILE)
    log.info("wrote %s (new sessions pick it up)", LIMITS_FILE)
    return True


def report():
    width = max(len(k) for k in SYSCTL_TARGETS)
    for key, want in SYSCTL_TARGETS.items():
        have = read_current(key)
        mark = "ok " if have == want else "!! "
        print(f"{mark}{key:<{width}}  current={have}  target={want}")
    print(f"limits file: {'present' if LIMITS_FILE.exists() else 'missing'} ({LIMITS_FILE})")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="report only")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--skip-limits", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.check:
        report()
        return 0
    if os.geteuid() != 0 and not args.dry_run:
        log.error("must be run as root (try --dry-run)")
        return 1

    changed = 0
    for key, value in SYSCTL_TARGETS.items():
        try:
            changed += apply_sysctl(key, value, args.dry_run)
        except PermissionError as exc:
            log.error("cannot set %s: %s", key, exc)
    if not args.skip_limits:
        changed += apply_limits(args.dry_run)
    log.info("%d setting(s) changed", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
