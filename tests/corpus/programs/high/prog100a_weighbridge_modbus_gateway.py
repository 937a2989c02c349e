#!/usr/bin/env python3
"""Expose the weighbridge indicator as a Modbus TCP slave for the site SCADA.

Reads the indicator's continuous output on a serial port and serves the
latest gross weight, stability flag and a frame counter as input/holding
registers on the standard Modbus port, so the barrier PLC and the site
SCADA can poll it. Starts as root to bind port 502, then runs as an
unprivileged service account.
"""
import argparse
import grp
import logging
import os
import pwd
import re
import socketserver
import struct
import sys
import threading
import time

import serial

log = logging.getLogger("wb-modbus")
FRAME_RE = re.compile(rb"([ST]),\s*([GN]),\s*([+-]?\d+(?:\.\d+)?)\s*kg")


class WeightState:
    def __init__(self):
        self.lock = threading.Lock()
        self.weight_kg = 0
        self.stable = False
        self.frames = 0
        self.updated = 0.0

    def registers(self):
        with self.lock:
            age = min(int(time.monotonic() - self.updated), 0xFFFF) if self.updated else 0xFFFF
            w = self.weight_kg & 0xFFFFFFFF
            return [w >> 16, w & 0xFFFF, int(self.stable), self.frames & 0xFFFF, age]


def serial_reader(port, baud, state):
    while True:
        try:
            with serial.Serial(port, baud, timeout=2) as ser:
                log.info("indicator on %s @ %d", port, baud)
                while True:
                    line = ser.readline()
                    m = FRAME_RE.search(line)
                    if not m:
                        continue
                    with state.lock:
                        state.stable = m.group(1) == b"S"
                        state.weight_kg = int(round(float(m.group(3))))
                        state.frames += 1
                        state.updated = time.monotonic()
        except serial.SerialException as exc:
            log.warning("indicator: %s, retrying", exc)
            time.sleep(3)


class ModbusHandler(socketserver.BaseRequestHandler):
    def handle(self):
        sock = self.request
        while True:
            hdr = sock.recv(7)
            if len(hdr) < 7:
                return
            tid, proto, length, unit = struct.unpack(">HHHB", hdr)
            pdu = sock.recv(length - 1)
            if proto != 0 or not pdu:
                return
            sock.sendall(self._mbap(tid, unit, self._pdu(pdu)))

    @staticmethod
    def _mbap(tid, unit, pdu):
        return struct.pack(">HHHB", tid, 0, len(pdu) + 1, unit) + pdu

    def _pdu(self, pdu):
        fc = pdu[0]
        if fc not in (3, 4) or len(pdu) < 5:
            return bytes([fc | 0x80, 0x01])
        start, count = struct.unpack(">HH", pdu[1:5])
        regs = self.server.state.registers()
        if count == 0 or start + count > len(regs):
            return bytes([fc | 0x80, 0x02])
        values = regs[start:start + count]
        return bytes([fc, 2 * count]) + struct.pack(f">{count}H", *values)


class GatewayServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, state):
        super().__init__(addr, ModbusHandler)
        self.state = state


def run_as(user, keep_groups=("dialout",)):
    if os.geteuid() != 0:
        return
    pw = pwd.getpwnam(user)
    extra = []
    for name in keep_groups:
        try:
            extra.append(grp.getgrnam(name).gr_gid)
        except KeyError:
            pass
    os.setgroups(extra)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o027)
    log.info("now running as %s (uid %d)", user, pw.pw_uid)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--serial", default="/dev/ttyS0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--user", default=os.environ.get("WB_MODBUS_USER", "wbmodbus"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    state = WeightState()
    try:
        server = GatewayServer((args.bind, args.port), state)
    except PermissionError:
        log.error("cannot bind port %d (start as root or pick a port above 1023)", args.port)
        return 1
    try:
        run_as(args.user)
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1
    threading.Thread(target=serial_reader, args=(args.serial, args.baud, state), daemon=True).start()
    log.info("modbus gateway on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
