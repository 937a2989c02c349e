#!/usr/bin/env python3
"""Flyline interlock daemon.

Reads the limit switches on the fly system through sysfs GPIO and refuses
to release the brake unless both the upper and lower interlocks agree. It is
started as root so it can claim the GPIO lines, then switches to the crew
account for the rest of its life.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import time

log = logging.getLogger("flyline")

GPIO_ROOT = os.path.join("/", "sys", "class", "gpio")
LINES = {"upper_limit": 17, "lower_limit": 27, "brake": 22}
DEVICE_NODES = ["/dev/gpiomem", "/dev/gpiochip0"]


class Libc:
    """Small wrapper so the identity calls go straight to libc."""

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def set_groups(self, gids):
        arr = (ctypes.c_uint * len(gids))(*gids)
        self._check(self.lib.setgroups(len(gids), arr), "setgroups")

    def set_ids(self, uid, gid):
        self._check(self.lib.setresgid(gid, gid, gid), "setresgid")
        self._check(self.lib.setresuid(uid, uid, uid), "setresuid")


def sysfs_write(path, value):
    with open(path, "w") as fh:
        fh.write(str(value))


def claim_lines():
    for name, num in LINES.items():
        node = os.path.join(GPIO_ROOT, f"gpio{num}")
        if not os.path.isdir(node):
            sysfs_write(os.path.join(GPIO_ROOT, "export"), num)
            time.sleep(0.1)
        direction = "out" if name == "brake" else "in"
        sysfs_write(os.path.join(node, "direction"), direction)
        log.info("claimed gpio%d (%s) as %s", num, name, direction)


def hand_over_nodes(uid, gid):
    # let the crew account keep using the GPIO nodes after the switch
    for node in DEVICE_NODES:
        if os.path.exists(node):
            os.chown(node, uid, gid)
            os.chmod(node, 0o660)
    for num in LINES.values():
        val = os.path.join(GPIO_ROOT, f"gpio{num}", "value")
        if os.path.exists(val):
            os.chown(val, uid, gid)


def switch_identity(account):
    entry = pwd.getpwnam(account)
    libc = Libc()
    libc.set_groups([entry.pw_gid])
    libc.set_ids(entry.pw_uid, entry.pw_gid)
    log.info("now running as %s", account)


def read_line(num):
    with open(os.path.join(GPIO_ROOT, f"gpio{num}", "value")) as fh:
        return fh.read().strip() == "1"


def interlock_loop(interval):
    brake_path = os.path.join(GPIO_ROOT, f"gpio{LINES['brake']}", "value")
    while True:
        upper = read_line(LINES["upper_limit"])
        lower = read_line(LINES["lower_limit"])
        release = not upper and not lower
        sysfs_write(brake_path, 1 if release else 0)
        if not release:
            log.warning("interlock engaged (upper=%s lower=%s)", upper, lower)
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description="Flyline interlock daemon")
    ap.add_argument("--user", default=os.environ.get("FLYLINE_USER", "stagecrew"))
    ap.add_argument("--interval", type=float, default=0.05)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        claim_lines()
        entry = pwd.getpwnam(args.user)
        hand_over_nodes(entry.pw_uid, entry.pw_gid)
        switch_identity(args.user)
    except (OSError, KeyError) as exc:
        log.error("setup failed: %s", exc)
        return 1

    try:
        interlock_loop(args.interval)
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
