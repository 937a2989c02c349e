#!/usr/bin/env python3
"""Tune the sensor gateway's network buffers for the walk-in cooler feed.

The walk-in cooler streams multicast readings at a high rate; at default
buffer sizes the gateway drops packets on busy mornings.  This raises the
receive buffers to the values recommended by the sensor vendor and reports
the before/after values.
"""
import argparse
import logging
import os
import shutil
import subprocess
from pathlib import Path

LOG = logging.getLogger("net_tune")

# Vendor recommendations (sensor bridge manual, section 4.2).
RECOMMENDED = {
    "net.core.rmem_max": 8388608,
    "net.core.rmem_default": 1048576,
    "net.core.netdev_max_backlog": 5000,
    "net.ipv4.udp_rmem_min": 16384,
}


def proc_path(key):
    return Path("/proc/sys") / key.replace(".", "/")


def current(key):
    try:
        return int(proc_path(key).read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


class Tuner:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else [shutil.which("sudo") or "sudo", "-n"]

    def apply(self, key, value):
        cmd = self.prefix + ["sysctl", "-w", f"{key}={value}"]
        LOG.debug("running %s", " ".join(cmd))
        if self.dry_run:
            return True
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            LOG.error("%s: %s", key, result.stderr.strip())
            return False
        return True


def plan(targets):
    changes = []
    for key, want in targets.items():
        have = current(key)
        if have is None:
            LOG.warning("%s not present on this kernel", key)
            continue
        if have < want:
            changes.append((key, have, want))
    return changes


def main():
    parser = argparse.ArgumentParser(description="Raise network buffers for the cooler feed")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply the vendor values (e.g. 2 for two feeds)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    targets = {k: int(v * args.scale) for k, v in RECOMMENDED.items()}
    changes = plan(targets)
    if not changes:
        LOG.info("buffers already at or above recommended values")
        return 0

    tuner = Tuner(dry_run=args.dry_run)
    failed = 0
    for key, have, want in changes:
        LOG.info("%s: %s -> %s", key, have, want)
        if not tuner.apply(key, want):
            failed += 1
    for key, _, _ in changes:
        LOG.info("now %s = %s", key, current(key))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
