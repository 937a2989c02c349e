#!/usr/bin/env python3
"""Launcher for the touchscreen kiosk at staffed hub stations.

The kiosk app needs to bind the card reader and the receipt printer at start
and then run as the unprivileged 'kiosk' account. The launcher switches the
process identity through libc directly (the image has no python-prctl),
optionally keeps CAP_NET_BIND_SERVICE for the local status port, and then
starts the kiosk UI loop.
"""

import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import signal
import sys
import time

log = logging.getLogger("kiosk_launcher")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

PR_SET_KEEPCAPS = 8
CONFIG = {
    "account": os.environ.get("KIOSK_ACCOUNT", "kiosk"),
    "keep_bind_cap": True,
    "devices": ["/dev/hidraw0", "/dev/usb/lp0"],
}


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class IdentitySwitch:
    """Thin wrapper over the libc identity calls."""

    def __init__(self, account: str):
        entry = pwd.getpwnam(account)
        self.uid = entry.pw_uid
        self.gid = entry.pw_gid
        self.home = entry.pw_dir

    def apply(self, keep_caps: bool) -> None:
        if keep_caps:
            _check(_libc.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0), "prctl(KEEPCAPS)")
        groups = (ctypes.c_uint * 1)(self.gid)
        _check(_libc.setgroups(1, groups), "setgroups")
        for name, arg in (("setresgid", self.gid), ("setresuid", self.uid)):
            fn = getattr(_libc, name)
            _check(fn(arg, arg, arg), name)
        os.environ["HOME"] = self.home
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def open_devices(paths):
    handles = {}
    for p in paths:
        try:
            handles[p] = os.open(p, os.O_RDWR | os.O_NONBLOCK)
            log.info("opened %s", p)
        except OSError as exc:
            log.warning("device %s unavailable: %s", p, exc)
    return handles


def kiosk_loop(handles, interval: float) -> None:
    running = True

    def _stop(_sig, _frm):
        nonlocal running
        running = False

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    while running:
        # the real UI lives in the kiosk package; here we just keep the
        # devices alive and report a heartbeat for the station monitor
        log.debug("heartbeat, %d devices", len(handles))
        time.sleep(interval)
    for fd in handles.values():
        os.close(fd)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-switch", action="store_true",
                    help="stay as the current user (development)")
    ap.add_argument("--interval", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    handles = open_devices(CONFIG["devices"])
    if not args.no_switch:
        try:
            IdentitySwitch(CONFIG["account"]).apply(CONFIG["keep_bind_cap"])
        except (KeyError, OSError) as exc:
            log.error("identity switch failed: %s", exc)
            return 1
    kiosk_loop(handles, args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
