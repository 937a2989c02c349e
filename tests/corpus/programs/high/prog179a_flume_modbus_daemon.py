#!/usr/bin/env python3
"""Flume flow-meter Modbus responder.

The SCADA display in the visitor centre polls the flume flow meter using
Modbus/TCP on the standard port 502.  This daemon reads the meter's serial
log and answers register reads.  It has to start as root to bind the
privileged port, then switches to the unprivileged ``millsensor`` account.
"""
import argparse
import grp
import logging
import os
import pathlib
import pwd
import socketserver
import struct

log = logging.getLogger("flume")

LISTEN = os.environ.get("FLUME_LISTEN", "127.0.0.1")
PORT = int(os.environ.get("FLUME_PORT", "502"))
RUN_AS = os.environ.get("FLUME_USER", "millsensor")
METER_LOG = pathlib.Path(os.environ.get("FLUME_LOG", "flume_meter.log"))


def latest_registers():
    """Last line of the meter log: flow l/s, depth mm, temperature *10."""
    try:
        last = METER_LOG.read_text().strip().splitlines()[-1]
        return [int(float(x)) & 0xFFFF for x in last.split(",")[:3]]
    except (OSError, IndexError, ValueError):
        return [0, 0, 0]


class ModbusHandler(socketserver.BaseRequestHandler):
    def handle(self):
        while True:
            header = self.request.recv(8)
            if len(header) < 8:
                return
            tid, pid, length, unit, func = struct.unpack(">HHHBB", header)
            body = self.request.recv(length - 2)
            if func != 3 or len(body) < 4:
                reply = struct.pack(">HHHBBB", tid, pid, 3, unit, func | 0x80, 1)
                self.request.sendall(reply)
                continue
            start, count = struct.unpack(">HH", body[:4])
            regs = (latest_registers() + [0] * 125)[start:start + count]
            data = struct.pack(f">{len(regs)}H", *regs)
            reply = struct.pack(">HHHBBB", tid, pid, 3 + len(data), unit, func, len(data)) + data
            self.request.sendall(reply)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def drop_privileges(username):
    if os.getuid() != 0:
        log.info("not running as root, nothing to drop")
        return
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.umask(0o027)
    log.info("now running as %s (uid %d)", username, entry.pw_uid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default=LISTEN)
    ap.add_argument("--port", type=int, default=PORT)
    ap.add_argument("--user", default=RUN_AS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    server = Server((args.listen, args.port), ModbusHandler)
    log.info("listening on %s:%d", args.listen, args.port)
    drop_privileges(args.user)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
