#!/usr/bin/env python3
"""Modbus/TCP front end for the nitrox/trimix gas analyser.

The blending panel's PLC polls O2 and He readings over Modbus on port 502.
This daemon reads the analyser over its serial line and answers those
polls. It needs root only to bind the low port; it then switches to the
"analyser" account through libc so the rest runs unprivileged.
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
import time

LOG = logging.getLogger("analyser_modbus")

READINGS = {"o2_pct_x100": 2090, "he_pct_x100": 0, "cell_mv_x10": 112}
LOCK = threading.Lock()

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(account):
    """Switch identity via libc (groups, then gid, then uid)."""
    pw = pwd.getpwnam(account)
    gids = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(getattr(_libc, "set" + "resgid")(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(getattr(_libc, "set" + "resuid")(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    LOG.info("now running as %s (uid %d)", account, pw.pw_uid)


def poll_analyser(port, interval):
    """Read 'O2=20.9 HE=0.0 MV=11.2' lines from the analyser."""
    while True:
        try:
            with open(port, "r", errors="ignore") as fh:
                for line in fh:
                    fields = dict(p.split("=", 1) for p in line.split() if "=" in p)
                    with LOCK:
                        READINGS["o2_pct_x100"] = int(float(fields.get("O2", 20.9)) * 100)
                        READINGS["he_pct_x100"] = int(float(fields.get("HE", 0)) * 100)
                        READINGS["cell_mv_x10"] = int(float(fields.get("MV", 11.2)) * 10)
        except (OSError, ValueError) as exc:
            LOG.warning("analyser read failed: %s", exc)
        time.sleep(interval)


class ModbusHandler(socketserver.BaseRequestHandler):
    """Answers function 0x03 (read holding registers) only."""

    def handle(self):
        while True:
            req = self.request.recv(260)
            if len(req) < 12:
                return
            tid, pid, _len, unit, func, start, count = struct.unpack(">HHHBBHH", req[:12])
            if func != 3:
                resp = struct.pack(">HHHBBB", tid, pid, 3, unit, func | 0x80, 1)
            else:
                with LOCK:
                    regs = [READINGS["o2_pct_x100"], READINGS["he_pct_x100"], READINGS["cell_mv_x10"]]
                values = [regs[i] if i < len(regs) else 0 for i in range(start, start + count)]
                body = struct.pack(">B" + "H" * len(values), len(values) * 2, *values)
                resp = struct.pack(">HHHBB", tid, pid, len(body) + 2, unit, func) + body
            self.request.sendall(resp)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--serial", default="/dev/ttyUSB1")
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=502)
    parser.add_argument("--user", default="analyser")
    parser.add_argument("--interval", type=float, default=1.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = socketserver.ThreadingTCPServer((args.bind, args.port), ModbusHandler)
    if os.geteuid() == 0:
        become(args.user)
    threading.Thread(target=poll_analyser, args=(args.serial, args.interval), daemon=True).start()
    LOG.info("serving Modbus on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()
