#!/usr/bin/env python3
"""Launcher for a retro emulator frontend that needs raw evdev access.

It is started as root (via a setuid wrapper) so it can open the input device
nodes, then switches to the invoking player's uid/gid through libc before
exec'ing the emulator with the already-open descriptors inherited.
"""
import argparse
import ctypes
import ctypes.util
import glob
import logging
import os
import pwd
import sys

log = logging.getLogger("rawlaunch")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint] * 3
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def open_pads(pattern):
    fds = []
    for node in sorted(glob.glob(pattern)):
        try:
            fd = os.open(node, os.O_RDONLY | os.O_NONBLOCK)
        except OSError as exc:
            log.warning("skip %s: %s", node, exc)
            continue
        os.set_inheritable(fd, True)
        fds.append((node, fd))
    return fds


def switch_to(user):
    pw = pwd.getpwnam(user)
    groups = os.getgrouplist(user, pw.pw_gid)
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(len(groups), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    log.info("now running as %s (uid=%d)", user, os.getuid())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or os.environ.get("PKEXEC_UID"))
    ap.add_argument("--devices", default="/dev/input/by-id/*-event-joystick")
    ap.add_argument("emulator", nargs=argparse.REMAINDER,
                    help="emulator command line, e.g. retroarch -L core.so game.sfc")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[rawlaunch] %(message)s")

    if not args.emulator:
        ap.error("no emulator command given")
    if os.geteuid() != 0:
        log.error("must start as root to open raw input devices")
        return 1
    if not args.user:
        log.error("cannot tell which player to run as; pass --user")
        return 1

    pads = open_pads(args.devices)
    if not pads:
        log.warning("no pads found under %s", args.devices)
    os.environ["RAWLAUNCH_FDS"] = ",".join(str(fd) for _, fd in pads)
    for node, fd in pads:
        log.info("fd %d -> %s", fd, node)

    try:
        switch_to(args.user)
    except (KeyError, OSError) as exc:
        log.error("could not switch user: %s", exc)
        return 1
    os.execvp(args.emulator[0], args.emulator)


if __name__ == "__main__":
    sys.exit(main())
