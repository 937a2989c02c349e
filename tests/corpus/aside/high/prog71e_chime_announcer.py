#!/usr/bin/env python3
"""chime_announcer - play doorbell chimes and short announcements on the
kitchen speaker when Home Assistant sends a UDP message.

Message format (one datagram, JSON):
    {"sound": "doorbell"}            plays sounds/doorbell.wav
    {"sound": "laundry", "repeat": 2}

Started by the init system as root so it can take the audio device and a
realtime slot, then runs as the 'chime' user.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socket
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("chime")

PR_SET_KEEPCAPS = 8
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_RAISE = 2
CAP_SYS_NICE = 23
SCHED_FIFO = 1


class sched_param(ctypes.Structure):
    _fields_ = [("sched_priority", ctypes.c_int)]


_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class Privileges:
    """Switch from root to the service account while keeping CAP_SYS_NICE."""

    def __init__(self, user, extra_groups=("audio",)):
        self.pw = pwd.getpwnam(user)
        self.gids = [self.pw.pw_gid] + [grp.getgrnam(g).gr_gid for g in extra_groups]

    def apply(self):
        if os.geteuid() != 0:
            log.info("not root, keeping current identity")
            return
        _check(_libc.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0), "prctl(KEEPCAPS)")
        arr = (ctypes.c_uint * len(self.gids))(*self.gids)
        _check(_libc.setgroups(len(self.gids), arr), "setgroups")
        gid, uid = self.pw.pw_gid, self.pw.pw_uid
        _check(_libc.setresgid(gid, gid, gid), "setresgid")
        _check(_libc.setresuid(uid, uid, uid), "setresuid")
        try:
            _check(_libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_SYS_NICE, 0, 0),
                   "prctl(CAP_AMBIENT_RAISE)")
        except OSError as exc:
            log.warning("realtime capability not kept: %s", exc)
        os.environ.update(HOME=self.pw.pw_dir, USER=self.pw.pw_name)
        log.info("running as %s (groups %s)", self.pw.pw_name, self.gids)


def go_realtime(priority):
    param = sched_param(priority)
    if _libc.sched_setscheduler(0, SCHED_FIFO, ctypes.byref(param)) != 0:
        log.warning("SCHED_FIFO unavailable: %s", os.strerror(ctypes.get_errno()))
    else:
        log.info("SCHED_FIFO priority %d", priority)


class Player:
    def __init__(self, sound_dir, device):
        self.sound_dir = Path(sound_dir)
        self.device = device

    def play(self, name, repeat=1):
        wav = (self.sound_dir / f"{name}.wav").resolve()
        if self.sound_dir.resolve() not in wav.parents or not wav.is_file():
            log.warning("unknown sound %r", name)
            return
        for _ in range(max(1, min(repeat, 5))):
            rc = subprocess.call(["aplay", "-q", "-D", self.device, str(wav)])
            if rc != 0:
                log.warning("aplay exited with %d", rc)
                break


def serve(bind, port, player):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((bind, port))
    log.info("listening on %s:%d", bind, port)
    last = {}
    while True:
        data, peer = sock.recvfrom(2048)
        try:
            msg = json.loads(data)
            name = str(msg["sound"])
        except (ValueError, KeyError, TypeError):
            log.debug("ignoring datagram from %s", peer[0])
            continue
        if time.monotonic() - last.get(name, 0) < 3:
            continue  # doorbell buttons bounce
        last[name] = time.monotonic()
        log.info("%s asked for %s", peer[0], name)
        player.play(name, int(msg.get("repeat", 1)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=5599)
    ap.add_argument("--user", default="chime")
    ap.add_argument("--sounds", default="sounds")
    ap.add_argument("--device", default="default")
    ap.add_argument("--rt-priority", type=int, default=40)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        Privileges(args.user).apply()
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1
    go_realtime(args.rt_priority)

    try:
        serve(args.bind, args.port, Player(args.sounds, args.device))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        log.error("socket error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
