#!/usr/bin/env python3
"""Prepare the USB-serial ports used by the loom monitor on a weaving PC.

The loom monitor service runs as the unprivileged 'loommon' user and reads
stop events from each loom controller over RS-485 via USB-serial adapters
(/dev/ttyUSB*). Freshly imaged PCs leave the ports owned by root:dialout
with mode 0660, and the monitor is not in dialout, so it cannot open them.
Run this tool once after imaging (as root) to hand the ports to the
'weaving' group, then it checks each port can be opened.
"""

import argparse
import glob
import grp
import logging
import os
import stat
import sys
import termios

log = logging.getLogger("serial_prep")

DEFAULT_GLOB = "/dev/ttyUSB*"


class PortPrep:
    def __init__(self, group: str, mode: int, dry_run: bool):
        try:
            self.gid = grp.getgrnam(group).gr_gid
        except KeyError:
            raise SystemExit(f"group '{group}' does not exist")
        self.group = group
        self.mode = mode
        self.dry_run = dry_run

    def describe(self, dev: str) -> str:
        st = os.stat(dev)
        try:
            gname = grp.getgrgid(st.st_gid).gr_name
        except KeyError:
            gname = str(st.st_gid)
        return f"{dev} gid={gname} mode={oct(stat.S_IMODE(st.st_mode))}"

    def fix(self, dev: str) -> bool:
        st = os.stat(dev)
        if not stat.S_ISCHR(st.st_mode):
            log.warning("%s is not a character device, skipping", dev)
            return False
        need_chown = st.st_gid != self.gid
        need_chmod = stat.S_IMODE(st.st_mode) != self.mode
        if not (need_chown or need_chmod):
            log.info("ok      %s", self.describe(dev))
            return True
        if self.dry_run:
            log.info("would fix %s -> group %s mode %s", self.describe(dev),
                     self.group, oct(self.mode))
            return True
        if need_chown:
            os.chown(dev, -1, self.gid)
        if need_chmod:
            os.chmod(dev, self.mode)
        log.info("fixed   %s", self.describe(dev))
        return True

    @staticmethod
    def probe(dev: str, baud: int) -> bool:
        """Open the port and set line speed, as the monitor would."""
        speed = getattr(termios, f"B{baud}", None)
        if speed is None:
            log.error("unsupported baud rate %d", baud)
            return False
        try:
            fd = os.open(dev, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        except OSError as exc:
            log.error("cannot open %s: %s", dev, exc)
            return False
        try:
            attrs = termios.tcgetattr(fd)
            attrs[4] = attrs[5] = speed
            termios.tcsetattr(fd, termios.TCSANOW, attrs)
        except termios.error as exc:
            log.error("cannot configure %s: %s", dev, exc)
            return False
        finally:
            os.close(fd)
        return True


def main() -> int:
    ap = argparse.ArgumentParser(description="prepare loom USB-serial ports")
    ap.add_argument("--glob", default=DEFAULT_GLOB, help="device pattern")
    ap.add_argument("--group", default="weaving")
    ap.add_argument("--mode", default="0660", help="octal mode for the ports")
    ap.add_argument("--baud", type=int, default=19200)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    mode = int(args.mode, 8)
    if mode & 0o007:
        log.error("refusing to make serial ports world-accessible (%s)", args.mode)
        return 2
    if os.geteuid() != 0 and not args.dry_run:
        log.error("run as root to change device ownership (or use --dry-run)")
        return 2

    devices = sorted(glob.glob(args.glob))
    if not devices:
        log.error("no devices match %s; are the adapters plugged in?", args.glob)
        return 1

    prep = PortPrep(args.group, mode, args.dry_run)
    bad = 0
    for dev in devices:
        try:
            if not prep.fix(dev):
                bad += 1
                continue
        except OSError as exc:
            log.error("%s: %s", dev, exc)
            bad += 1
            continue
        if not args.dry_run and not prep.probe(dev, args.baud):
            bad += 1
    log.info("%d ports processed, %d problems", len(devices), bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
