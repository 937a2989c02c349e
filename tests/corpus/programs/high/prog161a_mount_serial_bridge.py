#!/usr/bin/env python3
"""TCP bridge to the telescope mount's serial port.

Planetarium software on the control room PCs talks LX200 over TCP; the
mount only speaks serial.  The bridge opens the serial device, then runs
as the unprivileged 'telescope' user for the rest of its life.
"""
import argparse
import grp
import logging
import os
import pwd
import selectors
import socket
import sys
import termios
import tty

LOG = logging.getLogger("mount-bridge")

RUNTIME = {
    "device": os.environ.get("MOUNT_DEVICE", "/dev/ttyUSB0"),
    "baud": termios.B9600,
    "bind": ("127.0.0.1", int(os.environ.get("MOUNT_BRIDGE_PORT", "4030"))),
    "user": os.environ.get("MOUNT_BRIDGE_USER", "telescope"),
    "extra_groups": ["dialout"],
}


def open_serial(path, baud):
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    tty.setraw(fd)
    attrs = termios.tcgetattr(fd)
    attrs[4] = attrs[5] = baud
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    LOG.info("opened %s", path)
    return fd


def switch_identity(username, extra_groups):
    entry = pwd.getpwnam(username)
    gids = [grp.getgrnam(g).gr_gid for g in extra_groups]
    if os.getuid() == 0:
        os.setgroups([entry.pw_gid, *gids])
        os.setgid(entry.pw_gid)
        os.setuid(entry.pw_uid)
        LOG.info("now running as %s (%d)", username, entry.pw_uid)
    else:
        LOG.info("not root; staying uid %d", os.getuid())
    os.chdir(entry.pw_dir)


def listen(addr):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(addr)
    srv.listen(2)
    srv.setblocking(False)
    LOG.info("listening on %s:%d", *addr)
    return srv


class Bridge:
    def __init__(self, serial_fd, server):
        self.serial_fd = serial_fd
        self.server = server
        self.clients = set()
        self.sel = selectors.DefaultSelector()
        self.sel.register(server, selectors.EVENT_READ, self.accept)
        self.sel.register(serial_fd, selectors.EVENT_READ, self.from_mount)

    def accept(self, _key):
        conn, addr = self.server.accept()
        conn.setblocking(False)
        self.clients.add(conn)
        self.sel.register(conn, selectors.EVENT_READ, self.from_client)
        LOG.info("client %s:%d connected", *addr)

    def drop(self, conn):
        self.sel.unregister(conn)
        self.clients.discard(conn)
        conn.close()

    def from_client(self, key):
        conn = key.fileobj
        data = conn.recv(512)
        if not data:
            self.drop(conn)
            return
        os.write(self.serial_fd, data)

    def from_mount(self, _key):
        data = os.read(self.serial_fd, 512)
        for conn in list(self.clients):
            try:
                conn.sendall(data)
            except OSError:
                self.drop(conn)

    def run(self):
        while True:
            for key, _ in self.sel.select(timeout=1.0):
                key.data(key)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=RUNTIME["device"])
    ap.add_argument("--user", default=RUNTIME["user"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    serial_fd = open_serial(args.device, RUNTIME["baud"])
    server = listen(RUNTIME["bind"])
    switch_identity(args.user, RUNTIME["extra_groups"])
    try:
        Bridge(serial_fd, server).run()
    except KeyboardInterrupt:
        return 0
    finally:
        os.close(serial_fd)
    return 0


if __name__ == "__main__":
    sys.exit(main())
