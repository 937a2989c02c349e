#!/usr/bin/env python3
"""Launcher for the show playback engine.

The engine must run with real-time scheduling and locked memory or it
glitches under load. The launcher is started from the rig's boot script,
grabs those resources, switches to the show operator's account and then
hands over to the engine with the show's cue list.

    playback_engine_launcher.py --user show --cuelist cues/act1.json -- --device hw:Fireface
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import resource
import sys

log = logging.getLogger("engine_launcher")

MCL_CURRENT, MCL_FUTURE = 1, 2
ENGINE = os.environ.get("PLAYBACK_ENGINE", "./bin/showplayer")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class Identity:
    """Switch the whole process (real, effective, saved ids) to another account."""

    def __init__(self, username):
        self.pw = pwd.getpwnam(username)
        self.groups = [g for g in os.getgrouplist(username, self.pw.pw_gid)]

    def apply(self):
        gid_arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        _check(_libc.setgroups(ctypes.c_size_t(len(self.groups)), gid_arr), "setgroups")
        gid = ctypes.c_uint(self.pw.pw_gid)
        _check(_libc.setresgid(gid, gid, gid), "setresgid")
        uid = ctypes.c_uint(self.pw.pw_uid)
        _check(_libc.setresuid(uid, uid, uid), "setresuid")
        os.environ.update(HOME=self.pw.pw_dir, USER=self.pw.pw_name, LOGNAME=self.pw.pw_name)
        log.info("now running as %s (uid %d)", self.pw.pw_name, os.getuid())


def grab_realtime(priority):
    try:
        resource.setrlimit(resource.RLIMIT_RTPRIO, (priority, priority))
        resource.setrlimit(resource.RLIMIT_MEMLOCK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    except (ValueError, OSError) as exc:
        log.warning("could not raise rlimits: %s", exc)
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(priority))
        log.info("SCHED_FIFO priority %d", priority)
    except PermissionError:
        log.warning("no permission for SCHED_FIFO; engine will run best-effort")
    if _libc.mlockall(MCL_CURRENT | MCL_FUTURE) != 0:
        log.warning("mlockall failed: %s", os.strerror(ctypes.get_errno()))


def pin_cpus(spec):
    if not spec:
        return
    cpus = set()
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        cpus.update(range(int(lo), int(hi or lo) + 1))
    os.sched_setaffinity(0, cpus)
    log.info("pinned to CPUs %s", sorted(cpus))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--user", default=os.environ.get("SHOW_USER", "show"))
    ap.add_argument("--cuelist", required=True)
    ap.add_argument("--priority", type=int, default=80)
    ap.add_argument("--cpus", default="2-3", help="CPU list for the audio thread")
    ap.add_argument("engine_args", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")

    if not os.path.isfile(args.cuelist):
        log.error("cue list %s not found", args.cuelist)
        return 1
    if not os.access(ENGINE, os.X_OK):
        log.error("engine binary %s missing or not executable", ENGINE)
        return 1

    grab_realtime(args.priority)
    pin_cpus(args.cpus)

    try:
        Identity(args.user).apply()
    except KeyError:
        log.error("no such user %s", args.user)
        return 1
    except OSError as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1

    extra = [a for a in args.engine_args if a != "--"]
    argv = [ENGINE, "--cuelist", os.path.abspath(args.cuelist)] + extra
    log.info("starting engine: %s", " ".join(argv))
    os.execv(ENGINE, argv)


if __name__ == "__main__":
    sys.exit(main())
