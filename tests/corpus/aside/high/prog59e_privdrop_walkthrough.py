#!/usr/bin/env python3
"""Operating Systems, lecture 9: how a daemon drops root - step by step.

Start it as root (e.g. inside the course VM).  It prints the process
credentials, then calls setgroups / setresgid / setresuid directly through
libc with ctypes (the same calls os.setuid wraps) and shows that the
change is permanent: trying to regain root afterwards fails.

    python3 privdrop_walkthrough.py --user nobody
"""
import argparse
import ctypes
import ctypes.util
import grp
import os
import pwd
import sys

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]


def show(label: str) -> None:
    ruid, euid, suid = os.getresuid()
    rgid, egid, sgid = os.getresgid()
    groups = ",".join(grp.getgrgid(g).gr_name for g in os.getgroups()) or "-"
    print(f"[{label:<14}] uid r/e/s={ruid}/{euid}/{suid} "
          f"gid r/e/s={rgid}/{egid}/{sgid} groups={groups}")


def check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def drop_to(user: str) -> None:
    entry = pwd.getpwnam(user)
    uid, gid = entry.pw_uid, entry.pw_gid

    # 1. supplementary groups first - once we are not root we can't change them
    gids = [gid]
    arr = (ctypes.c_uint * len(gids))(*gids)
    check(libc.setgroups(len(gids), arr), "setgroups")
    show("setgroups")

    # 2. then the group ids (real, effective, saved)
    check(libc.setresgid(gid, gid, gid), "setresgid")
    show("setresgid")

    # 3. the user ids last; saved uid too, so there is no way back
    check(libc.setresuid(uid, uid, uid), "setresuid")
    show("setresuid")


def try_regain_root() -> None:
    rc = libc.setresuid(0, 0, 0)
    if rc == 0:
        print("!! regained root - the drop was NOT permanent")
    else:
        print(f"regaining root failed as expected: "
              f"{os.strerror(ctypes.get_errno())}")


def main() -> int:
    ap = argparse.ArgumentParser(description="privilege drop walkthrough")
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--keep-umask", action="store_true")
    args = ap.parse_args()

    if os.geteuid() != 0:
        print("run me as root (sudo python3 ...) to see the full demo",
              file=sys.stderr)
        return 1

    show("start")
    if not args.keep_umask:
        os.umask(0o077)
    try:
        drop_to(args.user)
    except (KeyError, OSError) as exc:
        print(f"drop failed: {exc}", file=sys.stderr)
        return 2
    try_regain_root()
    show("end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
