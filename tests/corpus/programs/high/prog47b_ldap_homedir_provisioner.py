#!/usr/bin/env python3
"""Create home directories for directory (LDAP/AD) users on a shared login node.

Runs from root's provisioning job. For every NSS user in the directory UID
range without a home, the directory is created and the skeleton is copied
*as the user* (a forked child switches real/effective/saved IDs through libc)
so that quota accounting and ownership are right from the start.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import shutil
import sys

log = logging.getLogger("homedir-provisioner")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
for _fn in ("setresuid", "setresgid"):
    getattr(_libc, _fn).argtypes = [ctypes.c_uint] * 3
    getattr(_libc, _fn).restype = ctypes.c_int


def become(uid, gid, groups):
    """Irreversibly switch the current process to uid/gid."""
    os.setgroups(groups)
    if _libc.setresgid(gid, gid, gid) != 0:
        raise OSError(ctypes.get_errno(), "setresgid failed")
    if _libc.setresuid(uid, uid, uid) != 0:
        raise OSError(ctypes.get_errno(), "setresuid failed")


def copy_skeleton(skel, home):
    for root, dirs, files in os.walk(skel):
        rel = os.path.relpath(root, skel)
        dest = os.path.normpath(os.path.join(home, rel))
        os.makedirs(dest, mode=0o700, exist_ok=True)
        for name in files:
            shutil.copyfile(os.path.join(root, name), os.path.join(dest, name))


def provision(entry, skel, dry_run):
    home = entry.pw_dir
    if os.path.isdir(home):
        return False
    log.info("provisioning %s -> %s", entry.pw_name, home)
    if dry_run:
        return True
    os.makedirs(home, mode=0o700)
    os.chown(home, entry.pw_uid, entry.pw_gid)

    pid = os.fork()
    if pid == 0:  # child: drop to the user and populate the home
        try:
            become(entry.pw_uid, entry.pw_gid,
                   os.getgrouplist(entry.pw_name, entry.pw_gid))
            copy_skeleton(skel, home)
            os._exit(0)
        except Exception as exc:  # report and exit without unwinding parent state
            sys.stderr.write(f"{entry.pw_name}: {exc}\n")
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        log.error("skeleton copy failed for %s", entry.pw_name)
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--min-uid", type=int, default=100000)
    ap.add_argument("--max-uid", type=int, default=2000000)
    ap.add_argument("--home-prefix", default="/home/CORP/")
    ap.add_argument("--skel", default="/etc/skel")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to create homes for other users")
        return 1

    created = 0
    for entry in pwd.getpwall():
        if not args.min_uid <= entry.pw_uid <= args.max_uid:
            continue
        if not entry.pw_dir.startswith(args.home_prefix):
            log.debug("skipping %s, home %s outside prefix", entry.pw_name, entry.pw_dir)
            continue
        try:
            created += provision(entry, args.skel, args.dry_run)
        except OSError as exc:
            log.error("%s: %s", entry.pw_name, exc)
    log.info("%d home directories provisioned", created)
    return 0


if __name__ == "__main__":
    sys.exit(main())
