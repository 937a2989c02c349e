#!/usr/bin/env python3
"""Modbus/TCP gateway for the gallery climate controllers.

The legacy humidifiers only speak Modbus/TCP on port 502, so the gateway has
to open that port before switching to the unprivileged service account. It
then answers read-holding-register requests from the cached sensor values.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socketserver
import struct
import sys

log = logging.getLogger("modbus-gw")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

CACHE_FILE = "readings_cache.json"


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user, group):
    """Change to the service account through libc directly."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    calls = [
        ("set" "groups", (ctypes.c_size_t(1), groups)),
        ("set" "resgid", (gid, gid, gid)),
        ("set" "resuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid)),
    ]
    for name, args in calls:
        _check(getattr(_libc, name)(*args), name)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def load_registers(path=CACHE_FILE):
    """Map register number -> value (tenths of a degree / %RH)."""
    try:
        with open(path) as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return {}
    regs = {}
    for i, probe in enumerate(data.get("probes", [])):
        regs[2 * i] = int(round(probe.get("temp_c", 0) * 10)) & 0xFFFF
        regs[2 * i + 1] = int(round(probe.get("rh_pct", 0) * 10)) & 0xFFFF
    return regs


class ModbusHandler(socketserver.BaseRequestHandler):
    def handle(self):
        while True:
            hdr = self.request.recv(7)
            if len(hdr) < 7:
                return
            tid, pid, length, unit = struct.unpack(">HHHB", hdr)
            pdu = self.request.recv(length - 1)
            if not pdu:
                return
            self.request.sendall(self._answer(tid, unit, pdu))

    def _answer(self, tid, unit, pdu):
        func = pdu[0]
        if func != 0x03 or len(pdu) < 5:
            body = bytes([func | 0x80, 0x01])
        else:
            start, count = struct.unpack(">HH", pdu[1:5])
            regs = load_registers()
            vals = [regs.get(start + i, 0) for i in range(min(count, 125))]
            body = bytes([0x03, 2 * len(vals)]) + b"".join(struct.pack(">H", v) for v in vals)
        return struct.pack(">HHHB", tid, 0, len(body) + 1, unit) + body


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--user", default="climate")
    ap.add_argument("--group", default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = socketserver.ThreadingTCPServer((args.listen, args.port), ModbusHandler)
    if os.geteuid() == 0:
        try:
            switch_identity(args.user, args.group)
        except (KeyError, OSError) as exc:
            log.error("could not switch identity: %s", exc)
            return 1
    log.info("serving Modbus on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
