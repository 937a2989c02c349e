#!/usr/bin/env python3
"""Make sure the operator account can talk to the peristaltic dosing pumps.

The pumps hang off USB-serial adapters (/dev/ttyUSB*, /dev/ttyACM*). If the
current user cannot open them, the user is added to the serial group with
sudo. Group membership takes effect at the next login.
"""
import argparse
import getpass
import glob
import grp
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("pump-access")

GRANT_SCRIPT = """#!/bin/bash
set -eu
echo "adding $TARGET_USER to $SERIAL_GROUP"
sudo -n usermod -aG "$SERIAL_GROUP" "$TARGET_USER"
id -nG "$TARGET_USER"
"""


class SerialPort:
    def __init__(self, path: str):
        self.path = path

    @property
    def group(self) -> str:
        try:
            return grp.getgrgid(os.stat(self.path).st_gid).gr_name
        except (KeyError, OSError):
            return "dialout"

    def accessible(self) -> bool:
        return os.access(self.path, os.R_OK | os.W_OK)


def find_ports(patterns):
    ports = []
    for pat in patterns:
        ports.extend(SerialPort(p) for p in sorted(glob.glob(pat)))
    return ports


def user_groups(user: str):
    names = {g.gr_name for g in grp.getgrall() if user in g.gr_mem}
    try:
        import pwd
        names.add(grp.getgrgid(pwd.getpwnam(user).pw_gid).gr_name)
    except KeyError:
        pass
    return names


def grant(user: str, group: str, dry_run: bool) -> int:
    if dry_run:
        LOG.info("dry run: would run sudo usermod -aG %s %s", group, user)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(GRANT_SCRIPT)
        script = fh.name
    env = dict(os.environ, TARGET_USER=user, SERIAL_GROUP=group)
    try:
        res = subprocess.run(["bash", script], env=env, capture_output=True,
                             text=True, timeout=60)
    finally:
        os.unlink(script)
    if res.returncode != 0:
        LOG.error("sudo usermod failed: %s", res.stderr.strip())
        LOG.error("ask an administrator to add %s to %s", user, group)
        return res.returncode
    LOG.info(res.stdout.strip())
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--pattern", action="append",
                    default=None, help="device glob (repeatable)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    ports = find_ports(args.pattern or ["/dev/ttyUSB*", "/dev/ttyACM*"])
    if not ports:
        LOG.warning("no pump serial adapters found; is the USB hub plugged in?")
        return 1
    groups = user_groups(args.user)
    missing = set()
    for port in ports:
        ok = port.accessible()
        LOG.info("%s group=%s accessible=%s", port.path, port.group, ok)
        if not ok and port.group not in groups:
            missing.add(port.group)
    if not missing:
        LOG.info("all pump ports usable by %s", args.user)
        return 0
    rc = 0
    for group in sorted(missing):
        rc = grant(args.user, group, args.dry_run) or rc
    if rc == 0 and not args.dry_run:
        LOG.info("log out and back in for the new group to apply")
    return rc


if __name__ == "__main__":
    sys.exit(main())
