#!/usr/bin/env python3
"""Expose a printer's serial port on a local TCP port (ser2net-style).

Lets a slicer on the same host (or an SSH tunnel) stream G-code to a board
that is wired to this machine.  Started from the board-setup script as root
so it can grab the tty before ModemManager does, then switches to the
unprivileged print user for the rest of its life.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import selectors
import socket
import sys

import serial  # pyserial

log = logging.getLogger("ser-bridge")


class Credentials:
    """Switches the process to a named user via libc."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, user):
        pw = pwd.getpwnam(user)
        self.user, self.uid, self.gid = user, pw.pw_uid, pw.pw_gid
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
        if self.gid not in self.groups:
            self.groups.append(self.gid)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def apply(self):
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        self._check(self._libc.setgroups(ctypes.c_size_t(len(self.groups)), arr), "setgroups")
        self._check(self._libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(self._libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        os.environ.update(HOME=pwd.getpwuid(self.uid).pw_dir, USER=self.user)
        log.info("running as %s (uid=%d gid=%d)", self.user, os.getuid(), os.getgid())


def open_serial(dev, baud):
    port = serial.Serial(dev, baudrate=baud, timeout=0, write_timeout=2, exclusive=True)
    port.dtr = False  # avoid resetting 8-bit boards on connect
    return port


def serve(port, bind, tcp_port):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((bind, tcp_port))
    srv.listen(1)
    return srv


def pump(port, srv):
    sel = selectors.DefaultSelector()
    sel.register(srv, selectors.EVENT_READ, "accept")
    sel.register(port.fileno(), selectors.EVENT_READ, "serial")
    client = None
    while True:
        for key, _ in sel.select():
            if key.data == "accept":
                conn, addr = srv.accept()
                if client:
                    log.warning("rejecting second client %s", addr)
                    conn.close()
                    continue
                client = conn
                client.setblocking(False)
                sel.register(client, selectors.EVENT_READ, "client")
                log.info("client %s connected", addr)
            elif key.data == "serial":
                data = port.read(4096)
                if client and data:
                    client.sendall(data)
            elif key.data == "client":
                data = client.recv(4096)
                if not data:
                    log.info("client gone")
                    sel.unregister(client)
                    client.close()
                    client = None
                    continue
                port.write(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("device", help="e.g. /dev/serial/by-id/usb-...")
    ap.add_argument("--baud", type=int, default=250000)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=2323)
    ap.add_argument("--user", default=os.environ.get("PRINT_USER", "pi"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    try:
        port = open_serial(args.device, args.baud)
        srv = serve(port, args.bind, args.port)
    except (serial.SerialException, OSError) as exc:
        log.error("setup failed: %s", exc)
        return 1

    try:
        Credentials(args.user).apply()
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1

    log.info("bridging %s @%d <-> %s:%d", args.device, args.baud, args.bind, args.port)
    try:
        pump(port, srv)
    except KeyboardInterrupt:
        pass
    finally:
        port.close()
        srv.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
