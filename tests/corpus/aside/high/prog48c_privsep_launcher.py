#!/usr/bin/env python3
"""Start a worker under a less privileged account (privilege separation).

Meant to be started by an init script as root: it opens the listening log
file while still privileged, then switches to the service account through
libc and finally execs the worker command.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys

log = logging.getLogger("privsep")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed: {os.strerror(err)}")


def switch_identity(user, extra_groups=()):
    pw = pwd.getpwnam(user)
    gids = [pw.pw_gid] + [grp.getgrnam(g).gr_gid for g in extra_groups]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=pw.pw_name, LOGNAME=pw.pw_name)
    os.chdir(pw.pw_dir)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def verify_dropped():
    try:
        os.setuid(0)
    except PermissionError:
        return True
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="svc-worker")
    ap.add_argument("--group", action="append", default=[], help="supplementary group")
    ap.add_argument("--log-file", default="worker.log")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s privsep %(message)s")

    if not args.command:
        ap.error("no worker command given")
    if os.geteuid() != 0:
        log.error("must be started as root to switch identity")
        return 1

    log_fd = os.open(args.log_file, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o640)
    try:
        switch_identity(args.user, args.group)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1
    if not verify_dropped():
        log.error("privileges could be regained; aborting")
        return 1

    os.dup2(log_fd, 1)
    os.dup2(log_fd, 2)
    os.execvp(args.command[0], args.command)


if __name__ == "__main__":
    sys.exit(main())
