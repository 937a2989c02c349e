#!/usr/bin/env python3
"""Bridge DGT clock times from the serial line to the broadcast overlay.

Reads the clock frames the DGT e-board forwards from the DGT3000 over the
serial port and writes clocks.json (remaining time for white and black,
who is on move) into the overlay folder every second.

Started by the venue laptop's boot script, which runs as root; the serial
device is opened first and the process then continues as the relay account
so that everything it writes belongs to that user.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sys
import termios
import time
from pathlib import Path

log = logging.getLogger("clock_bridge")

MSG_BWTIME = 0x8D  # DGT_MSG_BWTIME from the board protocol
SEND_CLK = 0x41    # DGT_CLOCK_MESSAGE request


def open_serial(dev: str, baud=termios.B9600) -> int:
    fd = os.open(dev, os.O_RDWR | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    attrs[0] = 0                                  # iflag
    attrs[1] = 0                                  # oflag
    attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
    attrs[3] = 0                                  # lflag: raw
    attrs[4] = attrs[5] = baud
    attrs[6][termios.VMIN] = 0
    attrs[6][termios.VTIME] = 5
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


class Identity:
    """Switches the process to the relay account after the device is open."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, user: str):
        pw = pwd.getpwnam(user)
        self.name, self.uid, self.gid, self.home = user, pw.pw_uid, pw.pw_gid, pw.pw_dir
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    def _check(self, rc: int, what: str) -> None:
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self) -> None:
        if os.geteuid() != 0:
            log.info("not root, staying %s", pwd.getpwuid(os.geteuid()).pw_name)
            return
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        self._check(self._libc.setgroups(len(self.groups), arr), "setgroups")
        self._check(self._libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(self._libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        os.environ.update(HOME=self.home, USER=self.name, LOGNAME=self.name)
        log.info("continuing as %s (%d:%d)", self.name, self.uid, self.gid)


def bcd(b: int) -> int:
    return (b >> 4) * 10 + (b & 0x0F)


def parse_bwtime(frame: bytes) -> dict:
    # frame: id, size hi, size lo, then 7 payload bytes
    p = frame[3:10]
    right = bcd(p[0] & 0x0F) * 3600 + bcd(p[1]) * 60 + bcd(p[2])
    left = bcd(p[3] & 0x0F) * 3600 + bcd(p[4]) * 60 + bcd(p[5])
    status = p[6]
    return {"white": left, "black": right,
            "running": bool(status & 0x01),
            "to_move": "black" if status & 0x08 else "white"}


def read_frames(fd: int):
    buf = bytearray()
    while True:
        chunk = os.read(fd, 64)
        if chunk:
            buf.extend(chunk)
        while len(buf) >= 3:
            if buf[0] != MSG_BWTIME:
                del buf[0]
                continue
            size = ((buf[1] & 0x7F) << 7) | (buf[2] & 0x7F)
            if len(buf) < size:
                break
            yield bytes(buf[:size])
            del buf[:size]
        if not chunk:
            yield None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyACM0")
    ap.add_argument("--user", default="relay")
    ap.add_argument("--overlay", type=Path, default=Path("overlay"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        fd = open_serial(args.device)
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1
    Identity(args.user).assume()

    args.overlay.mkdir(parents=True, exist_ok=True)
    target = args.overlay / "clocks.json"
    os.write(fd, bytes([SEND_CLK]))
    last_write = 0.0
    for frame in read_frames(fd):
        now = time.time()
        if frame is not None:
            state = parse_bwtime(frame)
            state["ts"] = now
            tmp = target.with_suffix(".tmp")
            tmp.write_text(json.dumps(state))
            tmp.replace(target)
            last_write = now
        elif now - last_write > 5:
            os.write(fd, bytes([SEND_CLK]))
            last_write = now
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(0)
