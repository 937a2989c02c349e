#!/usr/bin/env python3
"""Stable gate card reader daemon.

Reads badge swipes from the RFID reader on the barn gate's serial port and
appends them to a local swipe log that the stable office imports. It is
started by the gate controller as root (to claim the serial device) and
then switches to the unprivileged 'stablegate' account.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys
import termios
import time

log = logging.getLogger("gate.reader")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def configure_serial(fd, baud=termios.B9600):
    attrs = termios.tcgetattr(fd)
    attrs[4] = attrs[5] = baud              # ispeed / ospeed
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def claim_device(path, account):
    """Hand the reader's device node to the service account before dropping."""
    pw = pwd.getpwnam(account)
    os.chown(path, pw.pw_uid, pw.pw_gid)
    os.chmod(path, 0o660)
    return os.open(path, os.O_RDONLY | os.O_NOCTTY)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(account):
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem] or [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(len(groups), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (uid %d)", account, pw.pw_uid)


class SwipeReader:
    FRAME_START = 0x02
    FRAME_END = 0x03

    def __init__(self, fd, out_path, gate_id):
        self.fd = fd
        self.out_path = out_path
        self.gate_id = gate_id
        self.buf = bytearray()

    def _emit(self, card):
        line = f"{time.strftime('%Y-%m-%dT%H:%M:%S')},{self.gate_id},{card}\n"
        with open(self.out_path, "a", encoding="ascii") as fh:
            fh.write(line)
        log.info("swipe %s at %s", card, self.gate_id)

    def feed(self, chunk):
        for b in chunk:
            if b == self.FRAME_START:
                self.buf.clear()
            elif b == self.FRAME_END:
                card = self.buf.decode("ascii", "ignore").strip()
                if card:
                    self._emit(card)
                self.buf.clear()
            else:
                self.buf.append(b)

    def loop(self):
        while True:
            chunk = os.read(self.fd, 64)
            if not chunk:
                time.sleep(0.1)
                continue
            self.feed(chunk)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--account", default="stablegate")
    ap.add_argument("--gate", default="BARN-C")
    ap.add_argument("--out", default="swipes.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        fd = claim_device(args.device, args.account)
        configure_serial(fd)
        if os.geteuid() == 0:
            switch_identity(args.account)
    except (KeyError, OSError) as exc:
        log.error("startup failed: %s", exc)
        return 1

    try:
        SwipeReader(fd, args.out, args.gate).loop()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        os.close(fd)
    return 0


if __name__ == "__main__":
    sys.exit(main())
