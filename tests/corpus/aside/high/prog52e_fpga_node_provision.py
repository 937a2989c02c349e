#!/usr/bin/env python3
"""Create character device nodes for the acquisition FPGA cards.

On the lab's minimal initramfs-based images udev is not running, so the
driver's major number is looked up in /proc/devices and the nodes are made
by hand, then handed to the 'daq' group.
"""
import argparse
import grp
import logging
import os
import stat
import sys

log = logging.getLogger("fpga-nodes")

DEV_ROOT = "/dev"
NODE_MODE = 0o660


def driver_major(driver: str) -> int:
    section = None
    with open("/proc/devices") as fh:
        for line in fh:
            line = line.strip()
            if line.endswith("devices:"):
                section = line.split()[0]
                continue
            if section == "Character" and line:
                num, name = line.split(None, 1)
                if name == driver:
                    return int(num)
    raise LookupError(f"driver {driver!r} is not loaded")


class NodeMaker:
    def __init__(self, prefix, major, group, dry_run=False):
        self.prefix = prefix
        self.major = major
        self.gid = grp.getgrnam(group).gr_gid
        self.dry_run = dry_run

    def path_for(self, minor):
        return os.path.join(DEV_ROOT, f"{self.prefix}{minor}")

    def ensure(self, minor):
        path = self.path_for(minor)
        want = os.makedev(self.major, minor)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            st = None
        if st is not None:
            if stat.S_ISCHR(st.st_mode) and st.st_rdev == want:
                log.debug("%s ok", path)
                return False
            log.warning("%s exists with wrong type/number, replacing", path)
            if not self.dry_run:
                os.unlink(path)
        log.info("mknod %s c %d %d", path, self.major, minor)
        if self.dry_run:
            return True
        os.mknod(path, stat.S_IFCHR | NODE_MODE, want)
        os.chown(path, 0, self.gid)
        os.chmod(path, NODE_MODE)
        return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--driver", default="xdma")
    ap.add_argument("--prefix", default="xdma")
    ap.add_argument("--count", type=int, default=4)
    ap.add_argument("--group", default="daq")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        major = driver_major(args.driver)
        maker = NodeMaker(args.prefix, major, args.group, args.dry_run)
    except (LookupError, KeyError) as exc:
        log.error("%s", exc)
        return 1

    made = 0
    for minor in range(args.count):
        try:
            made += maker.ensure(minor)
        except PermissionError:
            log.error("need root to create %s", maker.path_for(minor))
            return 1
    log.info("%d node(s) created or fixed", made)
    return 0


if __name__ == "__main__":
    sys.exit(main())
