#!/usr/bin/env python3
"""Bridge the chain hoist controller's serial port to a local UDP port.

The rigging desk software talks UDP on localhost; the hoist controller only
speaks RS-485 through a USB adapter. This bridge forwards frames both ways
and needs realtime scheduling so e-stop frames are never delayed.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import select
import socket
import sys

log = logging.getLogger("hoist_bridge")

# from linux/prctl.h and linux/capability.h
PR_SET_KEEPCAPS = 8
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_RAISE = 2
CAP_SYS_NICE = 23
CAP_SYS_RAWIO = 17

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    rc = fn(*args)
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name}: {os.strerror(err)}")
    return rc


def acquire_realtime(run_as: int):
    """Take root's scheduling rights, keep the caps we need, then step down."""
    _call("prctl", PR_SET_KEEPCAPS, 1, 0, 0, 0)
    _call("set" + "res" + "uid", 0, 0, 0)
    for cap in (CAP_SYS_NICE, CAP_SYS_RAWIO):
        _call("prctl", PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0)
    param = os.sched_param(os.sched_get_priority_max(os.SCHED_FIFO) - 5)
    os.sched_setscheduler(0, os.SCHED_FIFO, param)
    os.setgroups([])
    os.setgid(run_as)
    os.setuid(run_as)
    log.info("realtime scheduling active, running as uid %d", run_as)


def open_serial(path: str, baud: int) -> int:
    import termios
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, f"B{baud}")
    attrs[0] = 0
    attrs[1] = 0
    attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
    attrs[3] = 0
    attrs[4] = attrs[5] = speed
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


class Bridge:
    def __init__(self, serial_fd: int, port: int):
        self.serial_fd = serial_fd
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", port))
        self.peer = None

    def pump(self):
        while True:
            ready, _, _ = select.select([self.serial_fd, self.sock], [], [], 1.0)
            if self.sock in ready:
                data, self.peer = self.sock.recvfrom(512)
                os.write(self.serial_fd, data)
            if self.serial_fd in ready:
                data = os.read(self.serial_fd, 512)
                if data and self.peer:
                    self.sock.sendto(data, self.peer)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=38400)
    ap.add_argument("--port", type=int, default=47600)
    ap.add_argument("--uid", type=int, default=int(os.environ.get("SUDO_UID", os.getuid())))
    ap.add_argument("--no-realtime", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        fd = open_serial(args.device, args.baud)
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1
    if not args.no_realtime:
        try:
            acquire_realtime(args.uid)
        except OSError as exc:
            log.warning("running without realtime priority: %s", exc)
    log.info("bridging %s <-> udp://127.0.0.1:%d", args.device, args.port)
    try:
        Bridge(fd, args.port).pump()
    except KeyboardInterrupt:
        pass
    finally:
        os.close(fd)
    return 0


if __name__ == "__main__":
    sys.exit(main())
