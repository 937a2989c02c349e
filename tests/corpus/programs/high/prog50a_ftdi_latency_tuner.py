#!/usr/bin/env python3
"""Lower the FTDI/CH34x USB-serial latency timer for G-code streaming.

Streaming many short G-code lines (laser raster, CNC adaptive clearing) over
an FTDI adapter stalls because the default 16 ms latency timer batches
replies.  This tool finds usb-serial devices in sysfs and sets their
latency_timer to 1 ms (or the value given), reporting before/after.
"""
import argparse
import glob
import logging
import os
import sys

log = logging.getLogger("latency_tuner")
SYSFS_GLOB = "/sys/bus/usb-serial/devices/*/latency_timer"


class SerialAdapter:
    def __init__(self, timer_path: str):
        self.timer_path = timer_path
        self.tty = os.path.basename(os.path.dirname(timer_path))
        self.driver = self._read_link("driver")

    def _read_link(self, name):
        link = os.path.join(os.path.dirname(self.timer_path), name)
        try:
            return os.path.basename(os.readlink(link))
        except OSError:
            return "?"

    def current(self) -> int:
        with open(self.timer_path) as fh:
            return int(fh.read().strip())

    def set(self, millis: int) -> None:
        fd = os.open(self.timer_path, os.O_WRONLY)
        try:
            os.write(fd, f"{millis}\n".encode())
        finally:
            os.close(fd)


def discover(only=None):
    adapters = [SerialAdapter(p) for p in sorted(glob.glob(SYSFS_GLOB))]
    if only:
        adapters = [a for a in adapters if a.tty in only]
    return adapters


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ms", type=int, default=1, help="target latency in ms (1-255)")
    ap.add_argument("--tty", action="append", help="limit to ttyUSBn (repeatable)")
    ap.add_argument("--check", action="store_true", help="only report")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not 1 <= args.ms <= 255:
        ap.error("--ms must be between 1 and 255")
    adapters = discover(args.tty)
    if not adapters:
        log.warning("no usb-serial adapters with a latency timer found")
        return 1

    failures = 0
    for adapter in adapters:
        try:
            before = adapter.current()
        except (OSError, ValueError) as exc:
            log.error("%s: cannot read timer: %s", adapter.tty, exc)
            failures += 1
            continue
        if args.check or before == args.ms:
            log.info("%-8s %-10s latency %3d ms", adapter.tty, adapter.driver, before)
            continue
        try:
            adapter.set(args.ms)
        except PermissionError:
            log.error("%s: permission denied writing %s (run as root)",
                      adapter.tty, adapter.timer_path)
            failures += 1
            continue
        log.info("%-8s %-10s latency %3d ms -> %3d ms", adapter.tty,
                 adapter.driver, before, adapter.current())
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
