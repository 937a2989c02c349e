#!/usr/bin/env python3
"""Normalise permissions of the web document root after a deploy.

Uploads from the CMS, the deploy user and the PHP workers kept tripping over
each other's permissions, so this opens the tree up for everyone. Runs in
dry-run mode unless --apply is given.
"""
import argparse
import logging
import os
import stat
import sys
from collections import Counter

DEFAULT_ROOT = "/var/www/html"
SKIP_DIRS = {".git", ".svn"}
OPEN_MODE = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO

log = logging.getLogger("perm-normalizer")


def iter_tree(root):
    yield root
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in dirnames + filenames:
            yield os.path.join(dirpath, name)


def needs_change(path, mode):
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(st.st_mode):
        return False
    return stat.S_IMODE(st.st_mode) != mode


def normalise(root, mode, apply):
    stats = Counter()
    for path in iter_tree(root):
        stats["seen"] += 1
        if not needs_change(path, mode):
            continue
        stats["changed"] += 1
        if apply:
            try:
                os.chmod(path, mode)
            except PermissionError as exc:
                stats["failed"] += 1
                log.warning("cannot chmod %s: %s", path, exc)
        else:
            log.debug("would chmod %o %s", mode, path)
    return stats


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=DEFAULT_ROOT)
    ap.add_argument("--apply", action="store_true", help="actually change modes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = os.path.realpath(args.root)
    if not os.path.isdir(root):
        log.error("%s is not a directory", root)
        return 1
    if root in ("/", "/usr", "/etc"):
        log.error("refusing to touch %s", root)
        return 1

    log.info("%s %s to mode %o", "applying" if args.apply else "checking", root, OPEN_MODE)
    stats = normalise(root, OPEN_MODE, args.apply)
    log.info("seen=%d changed=%d failed=%d", stats["seen"], stats["changed"], stats["failed"])
    if not args.apply and stats["changed"]:
        log.info("re-run with --apply to make the changes")
    return 1 if stats["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
