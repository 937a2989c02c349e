#!/usr/bin/env python3
"""privdrop_exec - tiny gosu/su-exec replacement for distroless images.

Started as root by the container runtime, it:
  1. drops every capability from the bounding set except those listed
     with --keep-cap, via prctl(PR_CAPBSET_DROP),
  2. switches to the target user with setgroups/setresgid/setresuid,
  3. sets PR_SET_NO_NEW_PRIVS so set-id binaries cannot regain root,
  4. execs the real command, which becomes PID 1.

    ENTRYPOINT ["/usr/local/bin/privdrop_exec", "--user", "app", "--"]
    CMD ["python", "-m", "worker"]
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys

LOG = logging.getLogger("privdrop")

PR_CAPBSET_READ = 23
PR_CAPBSET_DROP = 24
PR_SET_NO_NEW_PRIVS = 38
PR_SET_KEEPCAPS = 8
CAP_LAST_CAP_FILE = "/proc/sys/kernel/cap_last_cap"

CAP_BY_NAME = {
    "chown": 0, "dac_override": 1, "fowner": 3, "kill": 5, "setgid": 6,
    "setuid": 7, "net_bind_service": 10, "net_raw": 13, "sys_chroot": 18,
    "sys_ptrace": 19, "sys_admin": 21, "sys_nice": 23, "sys_resource": 24,
}

_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
_libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong,
                        ctypes.c_ulong, ctypes.c_ulong]


def prctl(option, arg2=0):
    rc = _libc.prctl(option, arg2, 0, 0, 0)
    if rc < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"prctl({option}, {arg2}): {os.strerror(err)}")
    return rc


def last_cap():
    try:
        with open(CAP_LAST_CAP_FILE) as fh:
            return int(fh.read())
    except OSError:
        return 40


def drop_bounding_set(keep):
    dropped = 0
    for cap in range(last_cap() + 1):
        if cap in keep:
            continue
        if prctl(PR_CAPBSET_READ, cap) == 1:
            prctl(PR_CAPBSET_DROP, cap)
            dropped += 1
    LOG.debug("dropped %d capabilities from the bounding set", dropped)


def resolve_user(spec):
    user, _, group = spec.partition(":")
    try:
        pw = pwd.getpwnam(user) if not user.isdigit() else pwd.getpwuid(int(user))
        uid, gid, home, name = pw.pw_uid, pw.pw_gid, pw.pw_dir, pw.pw_name
    except KeyError:
        if not user.isdigit():
            raise SystemExit(f"privdrop: unknown user {user!r}")
        uid, gid, home, name = int(user), int(user), "/", None
    if group:
        gid = int(group) if group.isdigit() else grp.getgrnam(group).gr_gid
    groups = [gid]
    if name:
        groups += [g.gr_gid for g in grp.getgrall() if name in g.gr_mem and g.gr_gid != gid]
    return uid, gid, groups, home


def switch_user(uid, gid, groups):
    os.setgroups(groups)
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    if os.geteuid() != uid or os.getegid() != gid:
        raise SystemExit("privdrop: identity switch did not take effect")
    try:
        os.setuid(0)
    except PermissionError:
        return
    raise SystemExit("privdrop: could regain root after dropping; refusing to continue")


def main():
    ap = argparse.ArgumentParser(description="drop privileges and exec")
    ap.add_argument("--user", required=True, help="user[:group], names or ids")
    ap.add_argument("--keep-cap", action="append", default=[], choices=sorted(CAP_BY_NAME))
    ap.add_argument("--debug", action="store_true")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING,
                        format="privdrop: %(message)s")

    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not cmd:
        ap.error("no command given")
    uid, gid, groups, home = resolve_user(args.user)

    if os.geteuid() == 0:
        drop_bounding_set({CAP_BY_NAME[c] for c in args.keep_cap})
        switch_user(uid, gid, groups)
    else:
        LOG.warning("not running as root (euid %d); exec without switching", os.geteuid())
    prctl(PR_SET_NO_NEW_PRIVS, 1)

    os.environ["HOME"] = home
    os.environ.pop("SUDO_USER", None)
    LOG.debug("exec %s as %d:%d", cmd, uid, gid)
    try:
        os.execvp(cmd[0], cmd)
    except FileNotFoundError:
        sys.stderr.write(f"privdrop: {cmd[0]}: command not found\n")
        return 127


if __name__ == "__main__":
    sys.exit(main())
