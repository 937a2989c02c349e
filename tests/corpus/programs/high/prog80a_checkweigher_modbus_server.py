#!/usr/bin/env python3
"""Modbus/TCP front end for the bottling-line checkweigher.

The checkweigher writes one line per case to a serial-to-file logger
(weights.log, "timestamp;lane;grams;verdict"). The line PLC wants the last
weight, the running average and the reject count as holding registers, so
this serves them on the standard Modbus port:

    40001  last weight (g)        40003  reject count
    40002  average of last 50 (g) 40004  cases since start

Port 502 needs root to bind; the server hands over to the unprivileged
service account as soon as the socket is open.
"""

import argparse
import collections
import grp
import logging
import os
import pwd
import socketserver
import struct
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("checkweigher")


class Registers:
    def __init__(self):
        self.lock = threading.Lock()
        self.values = [0, 0, 0, 0]
        self.window = collections.deque(maxlen=50)

    def update(self, grams: int, rejected: bool) -> None:
        with self.lock:
            self.window.append(grams)
            self.values[0] = grams
            self.values[1] = int(sum(self.window) / len(self.window))
            self.values[2] += int(rejected)
            self.values[3] += 1

    def read(self, start: int, count: int):
        with self.lock:
            return [self.values[i] & 0xFFFF for i in range(start, start + count)]


def follow(path: Path, regs: Registers) -> None:
    while not path.exists():
        time.sleep(2)
    with path.open() as fh:
        fh.seek(0, os.SEEK_END)
        while True:
            line = fh.readline()
            if not line:
                time.sleep(0.2)
                continue
            try:
                _, _, grams, verdict = line.strip().split(";")
                regs.update(int(float(grams)), verdict.upper() != "OK")
            except ValueError:
                log.debug("unparsable line: %r", line)


class ModbusHandler(socketserver.BaseRequestHandler):
    def handle(self):
        regs: Registers = self.server.registers
        while True:
            header = self.request.recv(7)
            if len(header) < 7:
                return
            tid, pid, length, unit = struct.unpack(">HHHB", header)
            pdu = self.request.recv(length - 1)
            func = pdu[0]
            if func in (3, 4) and len(pdu) >= 5:
                start, count = struct.unpack(">HH", pdu[1:5])
                if start + count <= 4:
                    vals = regs.read(start, count)
                    body = struct.pack(">BB", func, 2 * count) + struct.pack(f">{count}H", *vals)
                else:
                    body = struct.pack(">BB", func | 0x80, 2)
            else:
                body = struct.pack(">BB", func | 0x80, 1)
            self.request.sendall(struct.pack(">HHHB", tid, pid, len(body) + 1, unit) + body)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def hand_over(user: str) -> None:
    if os.getuid() != 0:
        return
    account = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    os.setgid(account.pw_gid)
    os.setuid(account.pw_uid)
    os.umask(0o027)
    log.info("running as %s (uid %d)", user, account.pw_uid)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Serve checkweigher values over Modbus/TCP")
    ap.add_argument("--log-file", type=Path, default=Path("/srv/checkweigher/weights.log"))
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--user", default="checkweigher")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    regs = Registers()
    try:
        server = Server((args.bind, args.port), ModbusHandler)
    except PermissionError:
        log.error("cannot bind port %d; start as root or use --port >1024", args.port)
        return 1
    server.registers = regs

    try:
        hand_over(args.user)
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1

    threading.Thread(target=follow, args=(args.log_file, regs), daemon=True).start()
    log.info("serving on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
