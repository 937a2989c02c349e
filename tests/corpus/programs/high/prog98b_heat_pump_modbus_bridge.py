#!/usr/bin/env python3
"""Modbus/TCP bridge exposing heat pump readings to the site BMS.

Commercial customers' building management systems poll plant over Modbus/TCP
on the standard port 502.  Our heat pump cloud poller writes the latest
readings for each unit to readings.json; this bridge serves them as holding
registers (function 0x03) so the BMS can read flow/return temperatures, COP
and fault codes without talking to the vendor cloud.

Port 502 is privileged, so start the bridge as root; it gives up root for the
service account as soon as the listening socket is bound.

    sudo ./heat_pump_modbus_bridge.py --readings /srv/hp/readings.json --user hpbridge
"""

import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socketserver
import struct
import sys
import threading
import time

log = logging.getLogger("mbbridge")

# register map: unit id -> list of (field, scale)
REGISTER_MAP = [
    ("flow_temp_c", 10), ("return_temp_c", 10), ("outdoor_temp_c", 10),
    ("dhw_temp_c", 10), ("compressor_hz", 1), ("cop", 100),
    ("power_w", 1), ("fault_code", 1), ("defrost_active", 1),
]


class Readings:
    def __init__(self, path, max_age=300):
        self.path = path
        self.max_age = max_age
        self._lock = threading.Lock()
        self._units = {}
        self._mtime = 0.0

    def _refresh(self):
        try:
            mtime = os.path.getmtime(self.path)
        except OSError:
            return
        if mtime == self._mtime:
            return
        with open(self.path, encoding="utf-8") as fh:
            data = json.load(fh)
        self._units = {int(k): v for k, v in data.get("units", {}).items()}
        self._mtime = mtime

    def registers(self, unit):
        with self._lock:
            self._refresh()
            rec = self._units.get(unit)
        if rec is None or time.time() - rec.get("ts", 0) > self.max_age:
            return None
        regs = []
        for name, scale in REGISTER_MAP:
            val = int(round(float(rec.get(name, 0) or 0) * scale))
            regs.append(val & 0xFFFF)
        return regs


class ModbusHandler(socketserver.BaseRequestHandler):
    def _exception(self, tid, unit, func, code):
        return struct.pack(">HHHBBB", tid, 0, 3, unit, func | 0x80, code)

    def handle(self):
        sock = self.request
        sock.settimeout(30)
        while True:
            try:
                header = sock.recv(7)
            except OSError:
                return
            if len(header) < 7:
                return
            tid, proto, length, unit = struct.unpack(">HHHB", header)
            body = sock.recv(length - 1)
            if proto != 0 or len(body) < 5:
                return
            func, start, count = struct.unpack(">BHH", body[:5])
            if func != 0x03:
                sock.sendall(self._exception(tid, unit, func, 0x01))
                continue
            regs = self.server.readings.registers(unit)
            if regs is None:
                sock.sendall(self._exception(tid, unit, func, 0x0B))
                continue
            if start + count > len(regs) or count == 0:
                sock.sendall(self._exception(tid, unit, func, 0x02))
                continue
            payload = struct.pack(f">{count}H", *regs[start:start + count])
            pdu = struct.pack(">BB", func, len(payload)) + payload
            sock.sendall(struct.pack(">HHHB", tid, 0, len(pdu) + 1, unit) + pdu)


class Bridge(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, readings):
        super().__init__(addr, ModbusHandler)
        self.readings = readings


def drop_to(username):
    """Switch from root to the service account via libc."""
    pw = pwd.getpwnam(username)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    for call, args in (("setgroups", (1, groups)), ("setresgid", (pw.pw_gid,) * 3),
                       ("setresuid", (pw.pw_uid,) * 3)):
        if getattr(libc, call)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{call} failed: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid %d)", username, os.getuid())


def main(argv=None):
    p = argparse.ArgumentParser(description="Heat pump Modbus/TCP bridge")
    p.add_argument("--readings", default="readings.json")
    p.add_argument("--listen", default=os.environ.get("MB_LISTEN", "0.0.0.0"))
    p.add_argument("--port", type=int, default=502)
    p.add_argument("--user", default="hpbridge", help="account to run as after bind")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    server = Bridge((args.listen, args.port), Readings(args.readings))
    log.info("listening on %s:%d", args.listen, args.port)
    if os.geteuid() == 0:
        drop_to(args.user)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
