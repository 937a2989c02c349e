#!/usr/bin/env python3
"""Apply an I/O profile to block devices: load the scheduler modules the
profile needs, then set scheduler / read-ahead / nr_requests per device.

Profile file (./ioprofile.ini):

    [modules]
    load = kyber-iosched, bfq

    [device:nvme0n1]
    scheduler = none
    read_ahead_kb = 256

    [device:sda]
    scheduler = bfq
    nr_requests = 128
"""
import argparse
import configparser
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("ioprofile")
SYSFS_BLOCK = "/sys/block"
TUNABLES = {
    # option name -> (relative sysfs path, validator)
    "scheduler": ("queue/scheduler", lambda v: v.isidentifier() or v == "mq-deadline"),
    "read_ahead_kb": ("queue/read_ahead_kb", lambda v: v.isdigit() and int(v) <= 16384),
    "nr_requests": ("queue/nr_requests", lambda v: v.isdigit() and 4 <= int(v) <= 4096),
    "rotational": ("queue/rotational", lambda v: v in ("0", "1")),
}


def load_modules(names, dry_run):
    for mod in names:
        argv = ["modprobe", "--quiet", mod]
        LOG.info("modprobe %s", mod)
        if dry_run:
            continue
        res = subprocess.run(argv, capture_output=True, text=True)
        if res.returncode:
            LOG.warning("modprobe %s failed: %s", mod, res.stderr.strip())


class BlockDevice:
    def __init__(self, name):
        if "/" in name or name.startswith("."):
            raise ValueError(f"bad device name {name!r}")
        self.name = name
        self.root = os.path.join(SYSFS_BLOCK, name)

    def exists(self):
        return os.path.isdir(self.root)

    def read(self, rel):
        with open(os.path.join(self.root, rel)) as fh:
            return fh.read().strip()

    def write(self, rel, value):
        with open(os.path.join(self.root, rel), "w") as fh:
            fh.write(value)


def apply_device(dev, options, dry_run):
    changed = 0
    for opt, value in options.items():
        if opt not in TUNABLES:
            LOG.warning("%s: unknown option %s", dev.name, opt)
            continue
        rel, valid = TUNABLES[opt]
        if not valid(value):
            LOG.error("%s: invalid %s=%s", dev.name, opt, value)
            continue
        before = dev.read(rel)
        LOG.info("%s %s: %s -> %s", dev.name, opt, before, value)
        if not dry_run:
            dev.write(rel, value)
            changed += 1
    return changed


def main():
    ap = argparse.ArgumentParser(description="block device I/O profile")
    ap.add_argument("-p", "--profile", default="ioprofile.ini")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("must run as root to write %s", SYSFS_BLOCK)
        return 1
    cp = configparser.ConfigParser()
    if not cp.read(args.profile):
        LOG.error("cannot read %s", args.profile)
        return 2

    mods = [m.strip() for m in cp.get("modules", "load", fallback="").split(",") if m.strip()]
    load_modules(mods, args.dry_run)

    total = 0
    for section in cp.sections():
        if not section.startswith("device:"):
            continue
        dev = BlockDevice(section.split(":", 1)[1])
        if not dev.exists():
            LOG.warning("no such device %s", dev.name)
            continue
        total += apply_device(dev, dict(cp[section]), args.dry_run)
    LOG.info("%d tunable(s) written", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
