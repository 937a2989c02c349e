#!/usr/bin/env python3
"""Quench sensor ports.

Finds the USB serial adapters of the quench-tank thermocouple readers and
makes them usable by the shop account, so the logging tools can open them
without a separate login.
"""
import argparse
import glob
import grp
import logging
import os
import pwd
import stat
import sys

LOG = logging.getLogger("sensor-ports")

SETTINGS = {
    "patterns": ["ttyUSB*", "ttyACM*"],
    "device_root": os.path.join(os.sep, "dev"),
    "mode": 0o660,
    "group": "dialout",
}


def find_ports(device_root, patterns):
    ports = []
    for pattern in patterns:
        ports.extend(sorted(glob.glob(os.path.join(device_root, pattern))))
    return [p for p in ports if stat.S_ISCHR(os.stat(p).st_mode)]


def resolve_ids(user, group):
    uid = pwd.getpwnam(user).pw_uid
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        LOG.warning("group %s missing, using the user's primary group", group)
        gid = pwd.getpwnam(user).pw_gid
    return uid, gid


class PortAdjuster:
    def __init__(self, uid, gid, mode, dry_run=False):
        self.uid = uid
        self.gid = gid
        self.mode = mode
        self.dry_run = dry_run
        # owner first, then mode
        self.steps = [
            ("owner", lambda p: os.chown(p, self.uid, self.gid)),
            ("mode", lambda p: os.chmod(p, self.mode)),
        ]

    def adjust(self, port):
        st = os.stat(port)
        if st.st_uid == self.uid and stat.S_IMODE(st.st_mode) == self.mode:
            LOG.info("%s already prepared", port)
            return True
        for label, step in self.steps:
            if self.dry_run:
                LOG.info("dry-run %s change on %s", label, port)
                continue
            try:
                step(port)
            except PermissionError:
                LOG.error("%s change refused on %s (run as root)", label, port)
                return False
        LOG.info("%s prepared for uid=%d gid=%d", port, self.uid, self.gid)
        return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--user", default=os.environ.get("SUDO_USER") or
                        os.environ.get("USER", "smith"))
    parser.add_argument("--group", default=SETTINGS["group"])
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ports = find_ports(SETTINGS["device_root"], SETTINGS["patterns"])
    if not ports:
        LOG.warning("no sensor adapters found")
        return 1
    try:
        uid, gid = resolve_ids(args.user, args.group)
    except KeyError:
        LOG.error("unknown user %s", args.user)
        return 2
    adjuster = PortAdjuster(uid, gid, SETTINGS["mode"], args.dry_run)
    failures = sum(0 if adjuster.adjust(p) else 1 for p in ports)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
