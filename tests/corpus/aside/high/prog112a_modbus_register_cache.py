#!/usr/bin/env python3
"""Serve cached pump-station readings to the customer's SCADA over Modbus/TCP.

Several borehole customers run their own SCADA that expects to poll a
Modbus/TCP slave on port 502.  Rather than expose the RTUs themselves, the
gateway keeps the last readings in readings_cache.json (written by the
telemetry poller) and answers function 0x03 (read holding registers) from
that cache.  Port 502 needs root to bind, so the service binds first and
then switches to the unprivileged service account.
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

log = logging.getLogger("modbus_cache")


class Identity:
    """Switches the running process to a named account via libc."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, username: str):
        self.entry = pwd.getpwnam(username)

    def _call(self, name, *args):
        if getattr(self._libc, name)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed")

    def assume(self) -> None:
        gid_array = (ctypes.c_uint * 1)(self.entry.pw_gid)
        self._call("setgroups", ctypes.c_size_t(1), gid_array)
        self._call("setgid", ctypes.c_uint(self.entry.pw_gid))
        self._call("setuid", ctypes.c_uint(self.entry.pw_uid))
        log.info("now running as %s (%d)", self.entry.pw_name, self.entry.pw_uid)


class RegisterMap:
    """Maps readings_cache.json onto 16-bit holding registers."""

    FIELDS = ("flow_lpm", "head_m", "motor_amps", "run_hours", "fault")

    def __init__(self, cache_path: Path, reload_every: float = 10.0):
        self.cache_path = cache_path
        self.reload_every = reload_every
        self.registers = {}
        self.lock = threading.Lock()

    def reload(self) -> None:
        try:
            data = json.loads(self.cache_path.read_text())
        except (OSError, ValueError) as exc:
            log.warning("cache unreadable: %s", exc)
            return
        regs = {}
        for unit, site in enumerate(sorted(data), start=1):
            base = unit * 100
            for i, name in enumerate(self.FIELDS):
                value = data[site].get(name) or 0
                regs[base + i] = int(round(float(value) * 10)) & 0xFFFF
        with self.lock:
            self.registers = regs

    def loop(self) -> None:
        while True:
            self.reload()
            time.sleep(self.reload_every)

    def read(self, start: int, count: int):
        with self.lock:
            return [self.registers.get(start + i, 0) for i in range(count)]


class ModbusHandler(socketserver.BaseRequestHandler):
    def handle(self):
        regmap: RegisterMap = self.server.regmap
        while True:
            header = self.request.recv(7)
            if len(header) < 7:
                return
            tid, pid, length, unit = struct.unpack(">HHHB", header)
            pdu = self.request.recv(length - 1)
            if not pdu:
                return
            func = pdu[0]
            if func != 0x03 or len(pdu) < 5:
                reply = bytes([func | 0x80, 0x01])
            else:
                start, count = struct.unpack(">HH", pdu[1:5])
                count = min(count, 125)
                values = regmap.read(start, count)
                reply = bytes([0x03, count * 2]) + struct.pack(f">{count}H", *values)
            self.request.sendall(struct.pack(">HHHB", tid, pid, len(reply) + 1, unit) + reply)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--cache", type=Path, default=Path("readings_cache.json"))
    ap.add_argument("--user", default="telemetry")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    regmap = RegisterMap(args.cache.resolve())
    try:
        server = Server((args.bind, args.port), ModbusHandler)
    except PermissionError:
        log.error("cannot bind port %d; start the service as root", args.port)
        return 2
    server.regmap = regmap

    try:
        Identity(args.user).assume()
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 2

    threading.Thread(target=regmap.loop, daemon=True).start()
    log.info("serving Modbus/TCP on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
