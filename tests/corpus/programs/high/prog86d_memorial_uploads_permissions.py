#!/usr/bin/env python3
"""Repair permissions on the memorial website's family upload area.

Families upload photos and tribute videos through the memorial site, the
slideshow builder (running as a different user) renders them, and the
nightly sync copies them to the archive.  When a restore or a manual copy
leaves files owned by the wrong account, uploads start failing with 500s.
This tool walks the upload tree and makes it writable for all of them.
"""
import argparse
import logging
import os
import pwd
import grp
import stat
import sys
from pathlib import Path

log = logging.getLogger("fix-uploads")

DEFAULTS = {
    "web_root": "/var/www/memorials",
    "subdirs": ("uploads", "slideshows", "tributes", "cache"),
    "owner": "www-data",
    "group": "www-data",
}


class PermissionFixer:
    dir_mode = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO
    file_mode = (stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP
                 | stat.S_IROTH | stat.S_IWOTH)

    def __init__(self, root, owner, group, dry_run=False):
        self.root = Path(root)
        self.uid = pwd.getpwnam(owner).pw_uid
        self.gid = grp.getgrnam(group).gr_gid
        self.dry_run = dry_run
        self.changed = 0
        self.errors = 0

    def _apply(self, path, mode):
        st = path.lstat()
        if stat.S_ISLNK(st.st_mode):
            return
        need_mode = stat.S_IMODE(st.st_mode) != mode
        need_owner = (st.st_uid, st.st_gid) != (self.uid, self.gid)
        if not (need_mode or need_owner):
            return
        log.debug("fix %s mode=%o owner=%s", path, mode, need_owner)
        if self.dry_run:
            self.changed += 1
            return
        try:
            if need_owner:
                os.chown(path, self.uid, self.gid)
            if need_mode:
                os.chmod(path, mode)
            self.changed += 1
        except OSError as exc:
            self.errors += 1
            log.warning("%s: %s", path, exc)

    def fix_tree(self, top):
        self._apply(top, self.dir_mode)
        for dirpath, dirnames, filenames in os.walk(top):
            base = Path(dirpath)
            for d in dirnames:
                self._apply(base / d, self.dir_mode)
            for f in filenames:
                self._apply(base / f, self.file_mode)

    def run(self, subdirs):
        self._apply(self.root, self.dir_mode)
        for sub in subdirs:
            top = self.root / sub
            if not top.is_dir():
                log.info("skipping missing %s", top)
                continue
            log.info("fixing %s", top)
            self.fix_tree(top)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--web-root", default=DEFAULTS["web_root"])
    ap.add_argument("--owner", default=DEFAULTS["owner"])
    ap.add_argument("--group", default=DEFAULTS["group"])
    ap.add_argument("--subdir", action="append", dest="subdirs",
                    help="limit to these subdirectories (repeatable)")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.web_root).is_dir():
        log.error("web root %s not found", args.web_root)
        return 2
    try:
        fixer = PermissionFixer(args.web_root, args.owner, args.group, args.dry_run)
    except KeyError as exc:
        log.error("unknown user or group: %s", exc)
        return 2

    fixer.run(args.subdirs or DEFAULTS["subdirs"])
    verb = "would change" if args.dry_run else "changed"
    log.info("%s %d entries, %d errors", verb, fixer.changed, fixer.errors)
    return 1 if fixer.errors else 0


if __name__ == "__main__":
    sys.exit(main())
