#!/usr/bin/env python3
"""Serve distillery tank gauge readings to the SCADA panel over Modbus TCP.

The gauge poller writes the latest level, volume and temperature of each
wash, low-wines and spirit-receiver tank to gauges.json.  The SCADA panel only
speaks Modbus, so this bridge exposes those values as holding registers
(function 03) on the standard Modbus port.

Register map per tank, starting at tank_index * 10:
    +0  level in mm
    +1  volume in litres / 10
    +2  temperature in 0.1 C (signed)
    +3  ABV in 0.1 % (spirit receivers only)

Port 502 needs root to bind; the bridge gives up root to the service
account as soon as the socket is listening.
"""

import argparse
import ctypes
import ctypes.util
import json
import logging
import pwd
import socketserver
import struct
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("gaugebridge")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def become(account):
    """Switch the process to the given service account."""
    entry = pwd.getpwnam(account)
    uid, gid = entry.pw_uid, entry.pw_gid
    groups = (ctypes.c_uint * 1)(gid)
    for call, args in (("setgroups", (1, groups)),
                       ("setresgid", (gid, gid, gid)),
                       ("setresuid", (uid, uid, uid))):
        if getattr(_libc, call)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{call} failed for {account}")
    log.info("running as %s (uid %d gid %d)", account, uid, gid)


class Registers:
    def __init__(self, source):
        self.source = Path(source)
        self.values = [0] * 1000
        self.lock = threading.Lock()
        self.mtime = 0.0

    def refresh(self):
        try:
            st = self.source.stat()
        except FileNotFoundError:
            return
        if st.st_mtime == self.mtime:
            return
        data = json.loads(self.source.read_text())
        new = [0] * 1000
        for idx, tank in enumerate(data.get("tanks", [])[:100]):
            base = idx * 10
            new[base] = int(tank.get("level_mm", 0)) & 0xFFFF
            new[base + 1] = int(tank.get("volume_l", 0) / 10) & 0xFFFF
            new[base + 2] = int(round(tank.get("temp_c", 0) * 10)) & 0xFFFF
            new[base + 3] = int(round(tank.get("abv", 0) * 10)) & 0xFFFF
        with self.lock:
            self.values = new
            self.mtime = st.st_mtime

    def read(self, start, count):
        with self.lock:
            return self.values[start:start + count]


class ModbusHandler(socketserver.BaseRequestHandler):
    def handle(self):
        regs = self.server.registers
        while True:
            header = self.request.recv(7)
            if len(header) < 7:
                return
            tid, pid, length, unit = struct.unpack(">HHHB", header)
            pdu = self.request.recv(length - 1)
            if not pdu:
                return
            func = pdu[0]
            if func == 3 and len(pdu) >= 5:
                start, count = struct.unpack(">HH", pdu[1:5])
                if count < 1 or count > 125 or start + count > 1000:
                    reply = struct.pack(">BB", func | 0x80, 2)
                else:
                    vals = regs.read(start, count)
                    reply = struct.pack(">BB", func, count * 2) + struct.pack(f">{count}H", *vals)
            else:
                reply = struct.pack(">BB", func | 0x80, 1)
            self.request.sendall(struct.pack(">HHHB", tid, pid, len(reply) + 1, unit) + reply)


class Bridge(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def refresher(registers, interval):
    while True:
        try:
            registers.refresh()
        except (OSError, ValueError) as exc:
            log.warning("could not refresh gauges: %s", exc)
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Modbus TCP bridge for tank gauges")
    ap.add_argument("--source", default="gauges.json")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--user", default="gauges")
    ap.add_argument("--refresh", type=float, default=2.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    registers = Registers(args.source)
    try:
        server = Bridge((args.host, args.port), ModbusHandler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.host, args.port, exc)
        return 1
    server.registers = registers
    try:
        become(args.user)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1

    threading.Thread(target=refresher, args=(registers, args.refresh), daemon=True).start()
    log.info("serving tank registers on %s:%d", args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
