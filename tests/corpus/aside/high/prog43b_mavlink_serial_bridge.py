#!/usr/bin/env python3
"""Minimal MAVLink serial -> UDP bridge for a companion computer.

Started from the boot script as root so it can open the autopilot UART and
lock memory, then switches to an unprivileged service account (keeping no
supplementary groups) before forwarding any traffic.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import select
import socket
import sys
import termios

log = logging.getLogger("mav-bridge")
PR_SET_KEEPCAPS = 8
PR_SET_NO_NEW_PRIVS = 38
MCL_CURRENT, MCL_FUTURE = 1, 2

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def open_uart(path, baud):
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, f"B{baud}")
    attrs[0] = 0                      # iflag
    attrs[1] = 0                      # oflag
    attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
    attrs[3] = 0                      # lflag: raw
    attrs[4] = attrs[5] = speed
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


def lock_memory():
    if _libc.mlockall(MCL_CURRENT | MCL_FUTURE) != 0:
        log.warning("mlockall failed: errno %d", ctypes.get_errno())


def switch_user(username, groupname):
    pw = pwd.getpwnam(username)
    gid = grp.getgrnam(groupname).gr_gid if groupname else pw.pw_gid
    _libc.prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0)
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        log.warning("no_new_privs not set")
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (uid %d gid %d)", username, os.getuid(), os.getgid())


def pump(uart_fd, sock, dest):
    buf_stats = {"up": 0, "down": 0}
    while True:
        r, _, _ = select.select([uart_fd, sock], [], [], 1.0)
        if uart_fd in r:
            data = os.read(uart_fd, 2048)
            if data:
                sock.sendto(data, dest)
                buf_stats["up"] += len(data)
        if sock in r:
            data, _ = sock.recvfrom(2048)
            os.write(uart_fd, data)
            buf_stats["down"] += len(data)
        if (buf_stats["up"] + buf_stats["down"]) > 10_000_000:
            log.info("traffic up=%d down=%d", buf_stats["up"], buf_stats["down"])
            buf_stats = {"up": 0, "down": 0}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--uart", default="/dev/ttyTHS1")
    ap.add_argument("--baud", type=int, default=921600)
    ap.add_argument("--udp", default="127.0.0.1:14550")
    ap.add_argument("--user", default="mavlink")
    ap.add_argument("--group", default="dialout")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    host, port = args.udp.rsplit(":", 1)
    try:
        uart_fd = open_uart(args.uart, args.baud)
    except (OSError, AttributeError) as exc:
        log.error("cannot open %s at %d: %s", args.uart, args.baud, exc)
        return 1
    lock_memory()
    if os.geteuid() == 0:
        switch_user(args.user, args.group)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    try:
        pump(uart_fd, sock, (host, int(port)))
    except KeyboardInterrupt:
        return 0
    finally:
        os.close(uart_fd)


if __name__ == "__main__":
    sys.exit(main())
