#!/usr/bin/env python3
"""Repair permissions of the shared upload tree after an rsync from the old host.

The PHP thumbnailer and the Django app run as different users and both need to
write into the media tree, so the directories are opened up for everyone and
files are handed back to www-data.
"""
import argparse
import grp
import logging
import os
import pwd
import stat
from pathlib import Path

log = logging.getLogger("fixperms")

SITES = {
    "shop": "/var/www/shop/media",
    "blog": "/var/www/html/wp-content/uploads",
}
OPEN_DIR_MODE = 0o777
FILE_MODE = 0o664


class PermissionFixer:
    def __init__(self, root: Path, owner: str, group: str, dry_run=False):
        self.root = root
        self.uid = pwd.getpwnam(owner).pw_uid
        self.gid = grp.getgrnam(group).gr_gid
        self.dry_run = dry_run
        self.changed = 0

    def _apply(self, path: str, mode: int) -> None:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            return
        if stat.S_IMODE(st.st_mode) != mode:
            log.debug("chmod %o %s", mode, path)
            if not self.dry_run:
                os.chmod(path, mode)
            self.changed += 1
        if (st.st_uid, st.st_gid) != (self.uid, self.gid) and not self.dry_run:
            os.chown(path, self.uid, self.gid)

    def run(self) -> int:
        self._apply(str(self.root), OPEN_DIR_MODE)
        for dirpath, dirnames, filenames in os.walk(self.root):
            for d in dirnames:
                self._apply(os.path.join(dirpath, d), OPEN_DIR_MODE)
            for f in filenames:
                self._apply(os.path.join(dirpath, f), FILE_MODE)
        return self.changed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sites", nargs="*", default=sorted(SITES),
                    help="site keys from the SITES table")
    ap.add_argument("--owner", default="www-data")
    ap.add_argument("--group", default="www-data")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if os.geteuid() != 0 and not args.dry_run:
        log.warning("not root: chown will fail for files owned by others")

    status = 0
    for key in args.sites:
        root = SITES.get(key)
        if root is None:
            log.error("unknown site %r", key)
            status = 1
            continue
        if not os.path.isdir(root):
            log.warning("%s: %s does not exist, skipped", key, root)
            continue
        try:
            fixer = PermissionFixer(Path(root), args.owner, args.group, args.dry_run)
            n = fixer.run()
        except (KeyError, PermissionError) as exc:
            log.error("%s: %s", key, exc)
            status = 1
            continue
        log.info("%s: %d entries adjusted under %s", key, n, root)
    raise SystemExit(status)


if __name__ == "__main__":
    main()
