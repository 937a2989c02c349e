#!/usr/bin/env python3
"""Modbus/TCP bridge for the hangar door controllers.

The door PLCs only speak Modbus RTU over RS-485. This bridge listens on the
standard Modbus/TCP port (502) so the ops board and the tablet app can ask
for door state, and forwards requests to the RS-485 adapter.

Port 502 is privileged, so the bridge briefly takes root identity to bind
and then settles on the service account.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import socket
import socketserver
import struct

log = logging.getLogger("door_bridge")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become_root():
    """Raise to uid/gid 0 (works when installed setuid or with file caps)."""
    _check(_libc.setresgid(0, 0, 0), "setresgid")
    _check(_libc.setresuid(0, 0, 0), "setresuid")
    log.debug("running as uid=%d", os.geteuid())


def settle_as(user):
    pw = pwd.getpwnam(user)
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    log.info("now running as %s", user)


class RS485Port:
    """Tiny wrapper around the serial adapter (opened as a raw file)."""

    def __init__(self, path):
        self.path = path
        self.fh = open(path, "r+b", buffering=0)

    @staticmethod
    def crc16(data):
        crc = 0xFFFF
        for b in data:
            crc ^= b
            for _ in range(8):
                crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
        return struct.pack("<H", crc)

    def transact(self, unit, pdu):
        frame = bytes([unit]) + pdu
        self.fh.write(frame + self.crc16(frame))
        reply = self.fh.read(256)
        return reply[1:-2] if len(reply) > 3 else b""


class BridgeHandler(socketserver.BaseRequestHandler):
    def handle(self):
        port = self.server.rtu
        while True:
            header = self.request.recv(7)
            if len(header) < 7:
                return
            tid, pid, length, unit = struct.unpack(">HHHB", header)
            pdu = self.request.recv(length - 1)
            resp = port.transact(unit, pdu)
            self.request.sendall(struct.pack(">HHHB", tid, pid, len(resp) + 1, unit) + resp)


class Bridge(socketserver.ThreadingTCPServer):
    allow_reuse_address = True

    def __init__(self, addr, rtu):
        self.rtu = rtu
        super().__init__(addr, BridgeHandler, bind_and_activate=False)


def main():
    ap = argparse.ArgumentParser(description="Hangar door Modbus bridge")
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--serial", default="/dev/ttyUSB0")
    ap.add_argument("--user", default="hangarsvc")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    rtu = RS485Port(args.serial)
    srv = Bridge((args.listen, args.port), rtu)
    if args.port < 1024 and os.geteuid() != 0:
        become_root()
    srv.server_bind()
    srv.server_activate()
    if os.geteuid() == 0:
        settle_as(args.user)
    log.info("bridge listening on %s:%d -> %s", args.listen, args.port, args.serial)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()


if __name__ == "__main__":
    main()
