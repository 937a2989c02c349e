#!/usr/bin/env python3
"""Modbus/TCP listener for the boiler plant telemetry.

The boiler controller pushes its registers (flow temp, return temp, burner
stage, fault code) to a Modbus/TCP server on port 502. This process takes the
port, switches to the unprivileged 'telemetry' account the plant PC uses, and
writes each frame to a rolling CSV in the working directory.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socket
import struct
import time

log = logging.getLogger("boiler-modbus")

REGISTERS = ["flow_c", "return_c", "burner_stage", "fault"]
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name}: {os.strerror(err)}")


def switch_identity(account):
    """Assume the telemetry account's identity for the rest of the run."""
    entry = pwd.getpwnam(account)
    gids = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(gids)
    _call("set" + "resgid", entry.pw_gid, entry.pw_gid, entry.pw_gid)
    _call("set" + "resuid", entry.pw_uid, entry.pw_uid, entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (%d/%d)", account, os.getuid(), os.getgid())


def open_listener(addr, port):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((addr, port))
    srv.listen(4)
    return srv


def decode_frame(frame):
    # MBAP header (7 bytes) + function code + byte count + registers
    if len(frame) < 9:
        return None
    count = frame[8]
    body = frame[9:9 + count]
    values = struct.unpack(">" + "H" * (count // 2), body)
    return dict(zip(REGISTERS, values))


class CsvSink:
    def __init__(self, path):
        self.path = path
        new = not os.path.exists(path)
        self.fh = open(path, "a", newline="")
        self.writer = csv.writer(self.fh)
        if new:
            self.writer.writerow(["ts"] + REGISTERS)

    def write(self, reading):
        self.writer.writerow([int(time.time())] + [reading.get(k, "") for k in REGISTERS])
        self.fh.flush()


def serve(srv, sink):
    while True:
        conn, peer = srv.accept()
        with conn:
            conn.settimeout(10)
            try:
                frame = conn.recv(260)
            except socket.timeout:
                continue
            reading = decode_frame(frame)
            if reading:
                sink.write(reading)
                log.debug("%s -> %s", peer[0], reading)
            else:
                log.warning("short frame from %s", peer[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="10.20.0.2", help="plant LAN address")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--account", default="telemetry")
    ap.add_argument("--csv", default="boiler_frames.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    srv = open_listener(args.listen, args.port)
    if os.geteuid() == 0:
        switch_identity(args.account)
    sink = CsvSink(args.csv)
    try:
        serve(srv, sink)
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        srv.close()


if __name__ == "__main__":
    main()
