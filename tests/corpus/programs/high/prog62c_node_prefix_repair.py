#!/usr/bin/env python3
"""Fix EACCES errors from `npm install -g` on shared developer machines.

npm's global prefix on these images is /usr/local, owned by root, so global
installs fail for developers.  This tool hands the npm-managed parts of the
prefix to the developer account (or a group), after which `npm i -g` works
without elevation.
"""
import argparse
import grp
import logging
import os
import pwd
import sys
from pathlib import Path

log = logging.getLogger("npm-prefix-repair")

NPM_PREFIX = Path(os.environ.get("NPM_CONFIG_PREFIX", "/usr/local"))
MANAGED = ["lib/node_modules", "bin", "share/man/man1", "include/node"]


def resolve_owner(user, group):
    name = user or os.environ.get("SUDO_USER") or pwd.getpwuid(os.getuid()).pw_name
    entry = pwd.getpwnam(name)
    gid = grp.getgrnam(group).gr_gid if group else entry.pw_gid
    return name, entry.pw_uid, gid


def npm_owned(path, prefix):
    """Only entries in bin/ that link into lib/node_modules belong to npm."""
    if path.parent != prefix / "bin":
        return True
    return path.is_symlink() and "node_modules" in os.readlink(path)


def walk(root):
    yield root
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            yield Path(dirpath, name)


def repair(prefix, uid, gid, dry_run):
    changed = skipped = 0
    for rel in MANAGED:
        base = prefix / rel
        if not base.exists():
            log.debug("skip missing %s", base)
            continue
        for path in walk(base):
            if base.name == "bin" and path != base and not npm_owned(path, prefix):
                skipped += 1
                continue
            st = path.lstat()
            if st.st_uid == uid and st.st_gid == gid:
                continue
            if dry_run:
                log.info("would chown %s", path)
            else:
                os.lchown(path, uid, gid)
                if path.is_dir() and not path.is_symlink():
                    os.chmod(path, 0o775)
            changed += 1
    return changed, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--user")
    ap.add_argument("--group", help="e.g. 'developers' for a shared prefix")
    ap.add_argument("--prefix", type=Path, default=NPM_PREFIX)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    name, uid, gid = resolve_owner(args.user, args.group)
    log.info("giving npm parts of %s to %s (%d:%d)", args.prefix, name, uid, gid)
    try:
        changed, skipped = repair(args.prefix, uid, gid, args.dry_run)
    except PermissionError as exc:
        log.error("%s - re-run as root", exc)
        return 1
    log.info("%d entries %s, %d non-npm binaries left alone",
             changed, "to change" if args.dry_run else "changed", skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
