#!/usr/bin/env python3
"""Start the serial badge-reader bridge with the right user and device setup.

The legacy lobby readers are wired to the gateway over RS-485 (USB adapter).
The bridge reads card numbers from the serial line and forwards them to the
local doorctl daemon. It must be started as root so it can claim the serial
device and fix its mode, then it drops to the unprivileged `doorctl` account
before touching the network.

Usage (from the unit's ExecStart or by hand):
    reader_bridge_launcher.py --device /dev/ttyUSB0 --user doorctl
"""

import argparse
import grp
import logging
import os
import pwd
import socket
import sys
import termios

log = logging.getLogger("reader-bridge")
DOORCTL_SOCK = "/run/doorctl/bridge.sock"


def prepare_device(path, group):
    """Give the doorctl group access to the serial device and set 9600 8N1."""
    gid = grp.getgrnam(group).gr_gid
    os.chown(path, 0, gid)
    os.chmod(path, 0o660)
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    attrs[4] = attrs[5] = termios.B9600          # ispeed / ospeed
    attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
    attrs[3] = 0                                  # raw mode
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    log.info("device %s ready (fd=%d)", path, fd)
    return fd


def drop_privileges(user):
    pw = pwd.getpwnam(user)
    os.setgroups([g.gr_gid for g in grp.getgrall() if user in g.gr_mem] + [pw.pw_gid])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    log.info("running as %s (uid=%d gid=%d)", user, os.getuid(), os.getgid())


class ReaderBridge:
    def __init__(self, fd, site):
        self.fd = fd
        self.site = site
        self.buf = b""

    def frames(self):
        while True:
            chunk = os.read(self.fd, 64)
            if not chunk:
                continue
            self.buf += chunk
            while b"\r\n" in self.buf:
                frame, self.buf = self.buf.split(b"\r\n", 1)
                yield frame.decode("ascii", "replace").strip()

    def forward(self, card):
        msg = f"SWIPE {self.site} {card}\n".encode()
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(3)
            s.connect(DOORCTL_SOCK)
            s.sendall(msg)
            reply = s.recv(64).decode().strip()
        return reply

    def run(self):
        for frame in self.frames():
            if not frame.isdigit() or len(frame) not in (8, 10, 26):
                log.warning("ignoring malformed frame %r", frame)
                continue
            try:
                reply = self.forward(frame)
                log.info("card ...%s -> %s", frame[-4:], reply)
            except OSError as exc:
                log.error("doorctl unreachable: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Serial badge reader bridge")
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--user", default="doorctl")
    ap.add_argument("--group", default="doorctl")
    ap.add_argument("--site", default="lobby")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must start as root to claim %s; it drops to %s afterwards", args.device, args.user)
        return 2
    try:
        fd = prepare_device(args.device, args.group)
        drop_privileges(args.user)
    except (KeyError, OSError, termios.error) as exc:
        log.error("setup failed: %s", exc)
        return 1

    try:
        ReaderBridge(fd, args.site).run()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        os.close(fd)
    return 0


if __name__ == "__main__":
    sys.exit(main())
