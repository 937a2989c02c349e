#!/usr/bin/env python3
"""Timelapse frame grabber for a V4L2 camera using read() I/O.

Started from the kiosk's boot script as root so it can open the capture
device, then switches to an unprivileged account before touching the
output directory or running its capture loop.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import signal
import time
from pathlib import Path

log = logging.getLogger("grabber")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
RUNNING = True


def _check(ret: int, what: str) -> None:
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user: str, extra_group: str) -> None:
    pw = pwd.getpwnam(user)
    gids = [pw.pw_gid, grp.getgrnam(extra_group).gr_gid]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid=%d)", user, os.getuid())


def on_signal(signum, _frame):
    global RUNNING
    log.info("signal %d, finishing", signum)
    RUNNING = False


def grab_loop(fd: int, frame_bytes: int, out_dir: Path, interval: float, keep: int):
    index = 0
    while RUNNING:
        started = time.monotonic()
        try:
            data = os.read(fd, frame_bytes)
        except BlockingIOError:
            time.sleep(0.05)
            continue
        name = out_dir / time.strftime("frame_%Y%m%d_%H%M%S.yuyv")
        name.write_bytes(data)
        index += 1
        if keep and index % 50 == 0:
            frames = sorted(out_dir.glob("frame_*.yuyv"))
            for old in frames[:-keep]:
                old.unlink()
        delay = interval - (time.monotonic() - started)
        if delay > 0:
            time.sleep(delay)
    log.info("captured %d frames", index)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="/dev/video0")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=720)
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--keep", type=int, default=8640)
    ap.add_argument("--user", default="timelapse")
    ap.add_argument("--group", default="video")
    ap.add_argument("--out", default="frames")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    fd = os.open(args.device, os.O_RDONLY | os.O_NONBLOCK)
    if os.getuid() == 0:
        switch_identity(args.user, args.group)
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        grab_loop(fd, args.width * args.height * 2, out_dir, args.interval, args.keep)
    finally:
        os.close(fd)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
