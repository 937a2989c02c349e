#!/usr/bin/env python3
"""Apply lab device permissions from a dbm rules database.

The lab's USB serial adapters and capture cards get ownership and mode from
a small key/value database maintained by `--add`. Keys are device-node globs,
values are "owner:group:mode".
"""
import argparse
import dbm.dumb
import fnmatch
import glob
import grp
import logging
import os
import pwd
import stat
import sys

log = logging.getLogger("devacl")
DB_PATH = "lab-devices"


def parse_rule(value):
    owner, group, mode = value.decode().split(":")
    return owner, group, int(mode, 8)


def add_rule(db, pattern, spec):
    if not pattern.startswith("/dev/"):
        raise ValueError("pattern must be under /dev/")
    parse_rule(spec.encode())  # validate
    db[pattern.encode()] = spec.encode()
    log.info("rule stored: %s -> %s", pattern, spec)


def matching_nodes(pattern):
    for node in glob.glob(pattern):
        try:
            st = os.stat(node)
        except FileNotFoundError:
            continue
        if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode):
            yield node, st


def apply_rules(db, only=None, dry_run=False):
    changed = 0
    for key in sorted(db.keys()):
        pattern = key.decode()
        if only and not fnmatch.fnmatch(pattern, only):
            continue
        owner, group, mode = parse_rule(db[key])
        uid = pwd.getpwnam(owner).pw_uid
        gid = grp.getgrnam(group).gr_gid
        for node, st in matching_nodes(pattern):
            cur_mode = stat.S_IMODE(st.st_mode)
            if (st.st_uid, st.st_gid, cur_mode) == (uid, gid, mode):
                continue
            log.info("%s: %d:%d %o -> %s:%s %o", node, st.st_uid, st.st_gid,
                     cur_mode, owner, group, mode)
            if dry_run:
                continue
            os.chown(node, uid, gid)
            os.chmod(node, mode)
            changed += 1
    return changed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--add", nargs=2, metavar=("PATTERN", "OWNER:GROUP:MODE"))
    ap.add_argument("--only", help="apply only rules matching this glob")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    with dbm.dumb.open(args.db, "c") as db:
        if args.add:
            try:
                add_rule(db, *args.add)
            except ValueError as exc:
                log.error("bad rule: %s", exc)
                return 2
            return 0
        if not len(db):
            log.warning("no rules in %s", args.db)
            return 0
        try:
            n = apply_rules(db, args.only, args.dry_run)
        except PermissionError as exc:
            log.error("permission denied (run as root): %s", exc)
            return 1
        except KeyError as exc:
            log.error("unknown user/group: %s", exc)
            return 1
    log.info("%d device node(s) updated", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
