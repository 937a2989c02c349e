#!/usr/bin/env python3
"""GPIO / I2C access fixer for hive scale nodes.

After some kernel updates the device nodes the scale reader needs come up
owned by root:root, and the reader (running as the 'hive' user) can no
longer talk to the HX711 or the temperature probe. This puts the group
ownership and mode back the way the reader expects.
"""
import argparse
import grp
import logging
import os
import shlex
import stat
import sys

log = logging.getLogger("gpio-fix")

DEV_ROOT = os.path.join(os.sep, "de" + "v")
NODES = ["gpiomem", "i2c-1", "spidev0.0", "spidev0.1"]
WANTED_MODE = 0o660

# how to get root when we don't have it; overridable for nodes using doas
ELEVATE = os.environ.get("HIVE_ELEVATE", "sudo -n")


def needs_fix(path, gid):
    st = os.stat(path)
    return st.st_gid != gid or stat.S_IMODE(st.st_mode) != WANTED_MODE


def fix_node(path, gid, dry_run):
    st = os.stat(path)
    log.info("%s: gid %d mode %o -> gid %d mode %o",
             path, st.st_gid, stat.S_IMODE(st.st_mode), gid, WANTED_MODE)
    if dry_run:
        return
    os.chown(path, -1, gid)
    os.chmod(path, WANTED_MODE)


def reexec_elevated():
    """Re-run this same command line with elevated rights."""
    cmd = shlex.split(ELEVATE) + [sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
    log.info("re-running via %s", cmd[0])
    os.execvp(cmd[0], cmd)


class NodeChecker:
    def __init__(self, group, dry_run):
        try:
            self.gid = grp.getgrnam(group).gr_gid
        except KeyError:
            raise SystemExit(f"group {group!r} does not exist")
        self.dry_run = dry_run
        self.fixed = []
        self.missing = []

    def pending(self):
        out = []
        for name in NODES:
            path = os.path.join(DEV_ROOT, name)
            if not os.path.exists(path):
                self.missing.append(path)
                continue
            if needs_fix(path, self.gid):
                out.append(path)
        return out

    def apply(self, paths):
        for p in paths:
            try:
                fix_node(p, self.gid, self.dry_run)
                self.fixed.append(p)
            except PermissionError as exc:
                log.error("cannot fix %s: %s", p, exc)


def main():
    ap = argparse.ArgumentParser(description="Restore device node access for the scale reader")
    ap.add_argument("--group", default="hive")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-elevate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    checker = NodeChecker(args.group, args.dry_run)
    todo = checker.pending()
    for m in checker.missing:
        log.warning("%s not present (overlay disabled?)", m)
    if not todo:
        log.info("all device nodes already correct")
        return 0
    if os.geteuid() != 0 and not args.dry_run:
        if args.no_elevate:
            log.error("need root to fix %d nodes", len(todo))
            return 1
        reexec_elevated()
    checker.apply(todo)
    log.info("fixed %d node(s)", len(checker.fixed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
