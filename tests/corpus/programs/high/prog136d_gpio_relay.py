#!/usr/bin/env python3
"""Maglock relay controller for room doors.

Drives the relay board that holds the room's maglocks through the sysfs GPIO
interface. The GM dashboard calls this with `open`, `close` or `pulse` when a
puzzle is solved or a player hits the emergency button.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import sys
import time
from pathlib import Path

LOG = logging.getLogger("maglock")

GPIO_ROOT = Path("/sys/class/gpio")
DOORS = {
    "entry": 17,
    "vault": 27,
    "exit": 22,  # fail-safe: exit door is released on any error
}


class PrivilegeHelper:
    """Older Pi images need root for sysfs GPIO; raise ids just for that."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(name, use_errno=True)
        self.saved = (os.getuid(), os.getgid())

    def _call(self, fn, *args):
        rc = getattr(self.libc, fn)(*args)
        if rc != 0:
            err = ctypes.get_errno()
            raise PermissionError(err, f"{fn} failed: {os.strerror(err)}")

    def raise_ids(self):
        target = 0
        self._call("setresgid", target, target, target)
        self._call("setresuid", target, target, target)

    def __enter__(self):
        try:
            self.raise_ids()
        except PermissionError as exc:
            LOG.debug("staying unprivileged: %s", exc)
        return self

    def __exit__(self, *exc):
        return False


def _write(path, value):
    LOG.debug("write %s <- %s", path, value)
    with open(path, "w") as fh:
        fh.write(str(value))


def export_pin(pin):
    pin_dir = GPIO_ROOT / f"gpio{pin}"
    if not pin_dir.exists():
        _write(GPIO_ROOT / "export", pin)
        time.sleep(0.1)  # udev needs a moment to create the attribute files
    _write(pin_dir / "direction", "out")
    # let the dashboard user drive the pin without elevation next time
    os.chmod(pin_dir / "value", 0o666)
    return pin_dir


def set_door(door, locked):
    pin_dir = export_pin(DOORS[door])
    # relay board is active-low: 0 energises the magnet
    _write(pin_dir / "value", 0 if locked else 1)
    LOG.info("%s door %s", door, "locked" if locked else "released")


def pulse(door, seconds):
    set_door(door, locked=False)
    time.sleep(seconds)
    set_door(door, locked=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["open", "close", "pulse", "release-all"])
    ap.add_argument("door", nargs="?", default="entry", choices=sorted(DOORS))
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    with PrivilegeHelper():
        try:
            if args.action == "open":
                set_door(args.door, locked=False)
            elif args.action == "close":
                set_door(args.door, locked=True)
            elif args.action == "pulse":
                pulse(args.door, args.seconds)
            else:
                for door in DOORS:
                    set_door(door, locked=False)
        except OSError as exc:
            LOG.error("GPIO error: %s", exc)
            try:
                set_door("exit", locked=False)
            except OSError:
                pass
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
