#!/usr/bin/env python3
"""loadavg sampler daemon.

Started by root from an init script, it detaches, writes a pid file in its
working directory and then permanently drops to an unprivileged account
through libc before sampling /proc/loadavg into a CSV file.
"""
import argparse
import ctypes
import ctypes.util
import errno
import fcntl
import logging
import os
import pwd
import signal
import sys
import time

log = logging.getLogger("loadavgd")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]

RUNNING = True


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s: %s" % (what, os.strerror(err)))


def drop_privileges(username):
    """Switch to username for good (groups, gid, then uid)."""
    entry = pwd.getpwnam(username)
    uid, gid = entry.pw_uid, entry.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    # make sure we cannot get back
    if _libc.setresuid(0, 0, 0) == 0:
        raise RuntimeError("privilege drop was not permanent")
    os.environ["HOME"] = entry.pw_dir
    os.environ["USER"] = username
    log.info("now running as %s (%d:%d)", username, uid, gid)


def daemonize(workdir):
    if os.fork():
        os._exit(0)
    os.setsid()
    if os.fork():
        os._exit(0)
    os.chdir(workdir)
    os.umask(0o027)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in range(3):
        os.dup2(null, fd)


def acquire_pidfile(path):
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EAGAIN):
            sys.exit("already running")
        raise
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode())
    return fd


def on_term(signum, _frame):
    global RUNNING
    log.info("signal %d, stopping", signum)
    RUNNING = False


def sample_loop(csv_path, interval):
    with open(csv_path, "a", buffering=1) as out:
        while RUNNING:
            with open("/proc/loadavg") as fh:
                one, five, fifteen, procs, _last = fh.read().split()
            out.write("%d,%s,%s,%s,%s\n" % (time.time(), one, five, fifteen, procs))
            time.sleep(interval)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--workdir", default=os.getcwd())
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--foreground", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(
        filename=os.path.join(args.workdir, "loadavgd.log"),
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not args.foreground:
        daemonize(args.workdir)
    pid_fd = acquire_pidfile(os.path.join(args.workdir, "loadavgd.pid"))
    if os.geteuid() == 0:
        drop_privileges(args.user)
    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGINT, on_term)
    try:
        sample_loop(os.path.join(args.workdir, "loadavg.csv"), args.interval)
    finally:
        os.close(pid_fd)


if __name__ == "__main__":
    main()
