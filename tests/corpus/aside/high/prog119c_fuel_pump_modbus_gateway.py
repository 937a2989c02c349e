#!/usr/bin/env python3
"""Fuel and pump-out tally Modbus gateway.

The diesel pump and the pump-out station on the service pontoon log each
sale into tally.csv (litres of diesel, number of pump-outs, card/cash). The
marina's building management panel only speaks Modbus TCP, so this gateway
exposes the running totals as holding registers on the standard port. It
binds the port, then runs as the unprivileged 'marina' account.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import socketserver
import struct
import threading
import time
from pathlib import Path

log = logging.getLogger("modbus-gw")

REGISTERS = ["diesel_litres", "diesel_sales", "pumpouts", "card_sales", "cash_sales"]


class Tally:
    def __init__(self, path):
        self.path = Path(path)
        self.lock = threading.Lock()
        self.values = [0] * len(REGISTERS)
        self.mtime = 0.0

    def refresh(self):
        try:
            mtime = self.path.stat().st_mtime
        except OSError:
            return
        if mtime == self.mtime:
            return
        totals = dict.fromkeys(REGISTERS, 0)
        with self.path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                if row.get("kind") == "diesel":
                    totals["diesel_litres"] += int(float(row.get("litres", 0)))
                    totals["diesel_sales"] += 1
                elif row.get("kind") == "pumpout":
                    totals["pumpouts"] += 1
                totals["card_sales" if row.get("payment") == "card" else "cash_sales"] += 1
        with self.lock:
            self.values = [min(totals[k], 0xFFFF) for k in REGISTERS]
            self.mtime = mtime
        log.info("tally refreshed: %s", dict(zip(REGISTERS, self.values)))

    def read(self, start, count):
        with self.lock:
            return self.values[start:start + count]


class ModbusHandler(socketserver.BaseRequestHandler):
    def handle(self):
        tally = self.server.tally
        while True:
            header = self.request.recv(7)
            if len(header) < 7:
                return
            tid, pid, length, unit = struct.unpack(">HHHB", header)
            pdu = self.request.recv(length - 1)
            func = pdu[0]
            if func == 0x03 and len(pdu) >= 5:
                start, count = struct.unpack(">HH", pdu[1:5])
                regs = tally.read(start, count)
                if len(regs) != count:
                    body = struct.pack(">BB", func | 0x80, 0x02)
                else:
                    body = struct.pack(f">BB{count}H", func, count * 2, *regs)
            else:
                body = struct.pack(">BB", func | 0x80, 0x01)
            self.request.sendall(struct.pack(">HHHB", tid, pid, len(body) + 1, unit) + body)


class Gateway(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def run_as(account):
    """Switch to the service account once the listening socket exists."""
    entry = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("running as %s (uid %d)", account, entry.pw_uid)


def refresher(tally, every):
    while True:
        try:
            tally.refresh()
        except (OSError, ValueError) as exc:
            log.warning("tally refresh failed: %s", exc)
        time.sleep(every)


def main():
    ap = argparse.ArgumentParser(description="Fuel/pump-out Modbus TCP gateway")
    ap.add_argument("--tally", default="tally.csv")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--user", default="marina")
    ap.add_argument("--refresh", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    tally = Tally(Path(args.tally).resolve())
    server = Gateway((args.listen, args.port), ModbusHandler)
    server.tally = tally
    try:
        run_as(args.user)
    except (KeyError, PermissionError) as exc:
        log.warning("could not switch to %s: %s", args.user, exc)

    threading.Thread(target=refresher, args=(tally, args.refresh), daemon=True).start()
    log.info("serving Modbus on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
