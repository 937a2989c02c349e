#!/usr/bin/env python3
"""Serve smart-meter readings as Modbus/TCP holding registers.

The building EMS only speaks Modbus, so this small server exposes the latest
meter snapshot (written by the P1 reader to meter_latest.json) in the
register layout of a standard three-phase energy meter on port 502.
"""
import argparse
import asyncio
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import struct
import sys
from pathlib import Path

log = logging.getLogger("meter-modbus")

# register address -> (json key, scale)
REGISTER_MAP = {
    0: ("voltage_l1", 10), 1: ("voltage_l2", 10), 2: ("voltage_l3", 10),
    3: ("current_l1", 100), 4: ("current_l2", 100), 5: ("current_l3", 100),
    6: ("power_import_w", 1), 7: ("power_export_w", 1),
    8: ("energy_import_kwh", 10), 10: ("energy_export_kwh", 10),
}


class Snapshot:
    def __init__(self, path):
        self.path = Path(path)
        self._mtime = 0.0
        self._regs = [0] * 16

    def registers(self):
        try:
            mtime = self.path.stat().st_mtime
        except FileNotFoundError:
            return self._regs
        if mtime != self._mtime:
            data = json.loads(self.path.read_text())
            regs = [0] * 16
            for addr, (key, scale) in REGISTER_MAP.items():
                val = int(round(float(data.get(key, 0)) * scale))
                if key.startswith("energy"):
                    regs[addr], regs[addr + 1] = (val >> 16) & 0xFFFF, val & 0xFFFF
                else:
                    regs[addr] = val & 0xFFFF
            self._regs, self._mtime = regs, mtime
        return self._regs


def exception_pdu(fc, code):
    return struct.pack(">BB", fc | 0x80, code)


def handle_pdu(pdu, snap):
    fc = pdu[0]
    if fc not in (3, 4) or len(pdu) < 5:
        return exception_pdu(fc, 1)
    start, qty = struct.unpack(">HH", pdu[1:5])
    regs = snap.registers()
    if qty == 0 or start + qty > len(regs):
        return exception_pdu(fc, 2)
    values = regs[start:start + qty]
    return struct.pack(">BB", fc, qty * 2) + struct.pack(f">{qty}H", *values)


async def serve_client(reader, writer, snap, unit_id):
    peer = writer.get_extra_info("peername")
    log.debug("client %s connected", peer)
    try:
        while True:
            header = await reader.readexactly(7)
            tid, pid, length, uid = struct.unpack(">HHHB", header)
            pdu = await reader.readexactly(length - 1)
            if pid != 0 or uid not in (unit_id, 0xFF):
                continue
            reply = handle_pdu(pdu, snap)
            writer.write(struct.pack(">HHHB", tid, 0, len(reply) + 1, uid) + reply)
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionResetError):
        pass
    finally:
        writer.close()
        log.debug("client %s gone", peer)


def drop_to(user):
    """Switch to an unprivileged account once the listening socket is bound."""
    if os.getuid() != 0:
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrgid(pw.pw_gid).gr_gid
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    groups = (ctypes.c_uint * 1)(gid)
    for fn, argv in (("setgroups", (1, groups)),
                     ("setresgid", (gid, gid, gid)),
                     ("setresuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid))):
        if getattr(libc, fn)(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn} failed: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (%d:%d)", user, pw.pw_uid, gid)


async def main_async(args):
    snap = Snapshot(args.snapshot)
    server = await asyncio.start_server(
        lambda r, w: serve_client(r, w, snap, args.unit),
        host=args.bind, port=args.port)
    drop_to(args.user)
    addrs = ", ".join(str(s.getsockname()) for s in server.sockets)
    log.info("serving meter registers on %s (unit %d)", addrs, args.unit)
    async with server:
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--unit", type=int, default=1)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--snapshot", default="meter_latest.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        asyncio.run(main_async(args))
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
