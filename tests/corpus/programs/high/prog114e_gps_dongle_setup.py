#!/usr/bin/env python3
"""Set up the USB GPS puck used by the van tracker box.

The u-blox pucks fitted to the vans show up as /dev/ttyACM<n>, and the number
changes every time the box reboots, which breaks the tracker service. This
tool finds the puck, writes a udev rule that gives it a stable /dev/vangps
name, makes sure the tracker user can open it and reloads udev.

    prog114e_gps_dongle_setup.py --user tracker
"""
import argparse
import grp
import logging
import os
import pwd
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("gps_setup")
KNOWN_PUCKS = {
    ("1546", "01a7"): "u-blox 7",
    ("1546", "01a8"): "u-blox 8",
    ("067b", "2303"): "Prolific GPS (BU-353)",
}
RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "99-vangps.rules"


class Privileged:
    """Runs the few commands that need root, via sudo when not root."""

    def __init__(self, dry_run=False):
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
        self.dry_run = dry_run

    def run(self, *cmd, stdin=None):
        full = self.prefix + list(cmd)
        LOG.debug("run: %s", " ".join(shlex.quote(c) for c in full))
        if self.dry_run:
            return ""
        res = subprocess.run(full, input=stdin, text=True, capture_output=True)
        if res.returncode != 0:
            raise RuntimeError(f"{cmd[0]} failed: {res.stderr.strip()}")
        return res.stdout

    def write_file(self, path: Path, content: str, mode="0644"):
        self.run("tee", str(path), stdin=content)
        self.run("chmod", mode, str(path))


def find_puck():
    base = Path("/sys/bus/usb/devices")
    for dev in sorted(base.glob("*")):
        try:
            vid = (dev / "idVendor").read_text().strip()
            pid = (dev / "idProduct").read_text().strip()
        except OSError:
            continue
        if (vid, pid) in KNOWN_PUCKS:
            serial = ""
            try:
                serial = (dev / "serial").read_text().strip()
            except OSError:
                pass
            return vid, pid, serial
    return None


def build_rule(vid, pid, serial, group):
    match = f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}"'
    if serial:
        match += f', ATTRS{{serial}}=="{serial}"'
    return (f"# van tracker GPS puck, written by gps_dongle_setup\n"
            f'{match}, SYMLINK+="vangps", GROUP="{group}", MODE="0660"\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--user", default="tracker", help="account the tracker service runs as")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    puck = find_puck()
    if not puck:
        LOG.error("no known GPS puck plugged in")
        return 1
    vid, pid, serial = puck
    LOG.info("found %s (%s:%s) serial=%s", KNOWN_PUCKS[(vid, pid)], vid, pid, serial or "-")

    priv = Privileged(dry_run=args.dry_run)
    rule = build_rule(vid, pid, serial, args.group)
    target = RULES_DIR / RULE_NAME
    if target.exists() and target.read_text() == rule:
        LOG.info("%s already up to date", target)
    else:
        priv.write_file(target, rule)
        LOG.info("wrote %s", target)

    try:
        pwd.getpwnam(args.user)
        members = grp.getgrnam(args.group).gr_mem
    except KeyError as exc:
        LOG.error("missing user or group: %s", exc)
        return 1
    if args.user not in members:
        priv.run("usermod", "-aG", args.group, args.user)
        LOG.info("added %s to %s", args.user, args.group)

    priv.run("udevadm", "control", "--reload-rules")
    priv.run("udevadm", "trigger", "--subsystem-match=tty")
    LOG.info("done; tracker should now use /dev/vangps")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as exc:
        LOG.error("%s", exc)
        sys.exit(1)
