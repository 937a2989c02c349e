#!/usr/bin/env python3
"""Modbus/TCP front end for the stand signal lights.

Each shooting stand has a red/amber/green lamp tower wired to the range
officer's I/O box.  The scoring software and the RO's tablet talk Modbus
TCP to this service (coils 0..3N-1: stand n red/amber/green), which keeps
the lamp state and forwards changes to the I/O box over its serial line.

Modbus TCP is on port 502, so the service starts as root to bind it and
then continues as the unprivileged ``rangeops`` account.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socketserver
import struct
import threading

LOG = logging.getLogger("rangelights")
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

READ_COILS, WRITE_COIL, WRITE_COILS = 0x01, 0x05, 0x0F


class LampState:
    def __init__(self, stands, io_path):
        self.coils = [False] * (stands * 3)
        self.lock = threading.Lock()
        self.io_path = io_path

    def set(self, addr, value):
        with self.lock:
            self.coils[addr] = value
            stand, colour = divmod(addr, 3)
            self._push(stand, colour, value)

    def _push(self, stand, colour, value):
        try:
            with open(self.io_path, "w") as io:
                io.write(f"L{stand:02d}{'RAG'[colour]}{int(value)}\r")
        except OSError as exc:
            LOG.error("I/O box write failed: %s", exc)


class ModbusHandler(socketserver.BaseRequestHandler):
    def _reply(self, tid, unit, pdu):
        self.request.sendall(struct.pack(">HHHB", tid, 0, len(pdu) + 1, unit) + pdu)

    def _error(self, tid, unit, fn, code):
        self._reply(tid, unit, bytes([fn | 0x80, code]))

    def handle(self):
        lamps = self.server.lamps
        while True:
            hdr = self.request.recv(7)
            if len(hdr) < 7:
                return
            tid, _proto, length, unit = struct.unpack(">HHHB", hdr)
            pdu = self.request.recv(length - 1)
            fn = pdu[0]
            if fn == READ_COILS:
                start, count = struct.unpack(">HH", pdu[1:5])
                if start + count > len(lamps.coils):
                    self._error(tid, unit, fn, 0x02)
                    continue
                bits = lamps.coils[start:start + count]
                packed = bytearray((count + 7) // 8)
                for i, b in enumerate(bits):
                    if b:
                        packed[i // 8] |= 1 << (i % 8)
                self._reply(tid, unit, bytes([fn, len(packed)]) + bytes(packed))
            elif fn == WRITE_COIL:
                addr, val = struct.unpack(">HH", pdu[1:5])
                if addr >= len(lamps.coils):
                    self._error(tid, unit, fn, 0x02)
                    continue
                lamps.set(addr, val == 0xFF00)
                LOG.info("%s set coil %d=%s", self.client_address[0], addr, val == 0xFF00)
                self._reply(tid, unit, pdu[:5])
            else:
                self._error(tid, unit, fn, 0x01)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def continue_as(user):
    """Switch the process to the service account after binding."""
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    if _libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid) != 0:
        raise OSError(ctypes.get_errno(), "setresgid failed")
    if _libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid) != 0:
        raise OSError(ctypes.get_errno(), "setresuid failed")
    os.environ["HOME"] = pw.pw_dir
    LOG.info("running as %s (%d:%d)", user, pw.pw_uid, pw.pw_gid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--stands", type=int, default=10)
    ap.add_argument("--io", default="/dev/ttyS1", help="I/O box serial line")
    ap.add_argument("--user", default="rangeops")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    server = Server((args.bind, args.port), ModbusHandler)
    server.lamps = LampState(args.stands, args.io)
    if os.geteuid() == 0:
        continue_as(args.user)
    LOG.info("modbus on %s:%d, %d stands", args.bind, args.port, args.stands)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
