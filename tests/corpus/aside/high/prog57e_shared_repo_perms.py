#!/usr/bin/env python3
"""post-receive helper for the team's shared bare repositories on buildhost.

Pushes by different developers leave objects owned by the pusher's primary
group, which later breaks `git gc` for everyone else. This helper switches
the effective group to the shared 'gitdev' group (the invoking user must be
a member) before touching the object store, then re-applies group bits.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import stat
import sys
from pathlib import Path

LOG = logging.getLogger("shared-perms")
SHARED_GROUP = os.environ.get("GIT_SHARED_GROUP", "gitdev")
DIR_MODE_BITS = stat.S_IRWXG | stat.S_ISGID
FILE_MODE_BITS = stat.S_IRGRP | stat.S_IWGRP

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise PermissionError(err, f"{what}: {os.strerror(err)}")


def adopt_group(name: str) -> int:
    gid = grp.getgrnam(name).gr_gid
    current = os.getgroups()
    if gid not in current:
        LOG.info("adding %s (%d) to supplementary groups", name, gid)
        arr = (ctypes.c_uint * (len(current) + 1))(*current, gid)
        _check(_libc.setgroups(len(current) + 1, arr), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    os.umask(0o002)
    return gid


def fix_tree(repo: Path, gid: int, dry_run: bool) -> int:
    fixed = 0
    for root, dirs, files in os.walk(repo):
        for name in dirs + files:
            p = Path(root, name)
            st = p.lstat()
            if stat.S_ISLNK(st.st_mode):
                continue
            want = DIR_MODE_BITS if stat.S_ISDIR(st.st_mode) else FILE_MODE_BITS
            needs_mode = (st.st_mode & want) != want
            needs_group = st.st_gid != gid
            if not (needs_mode or needs_group):
                continue
            fixed += 1
            LOG.debug("fix %s", p)
            if dry_run:
                continue
            if needs_group and st.st_uid == os.getuid():
                os.chown(p, -1, gid)
            if needs_mode and st.st_uid == os.getuid():
                os.chmod(p, stat.S_IMODE(st.st_mode) | want)
    return fixed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", nargs="?", default=os.environ.get("GIT_DIR", "."))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="shared-perms: %(message)s")
    repo = Path(args.repo).resolve()
    if not (repo / "objects").is_dir():
        LOG.error("%s does not look like a bare repository", repo)
        return 2
    try:
        gid = adopt_group(SHARED_GROUP)
    except (KeyError, PermissionError) as exc:
        LOG.error("cannot switch to group %s: %s", SHARED_GROUP, exc)
        return 1
    count = fix_tree(repo, gid, args.dry_run)
    LOG.info("%s %d path(s) in %s", "would fix" if args.dry_run else "fixed", count, repo)
    return 0


if __name__ == "__main__":
    sys.exit(main())
