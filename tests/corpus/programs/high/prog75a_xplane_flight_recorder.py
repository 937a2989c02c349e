#!/usr/bin/env python3
"""
xplane_flight_recorder -- record X-Plane "Data Output" UDP packets to CSV.

Used in the sim cockpit to keep a flight-data record of every training
session (for debrief plots and the instructor's grading sheet).  In X-Plane,
tick "Network via UDP" for rows 3 (speeds), 17 (pitch/roll/heading) and
20 (lat/lon/alt) and send them to this machine.

One CSV per session goes to ./sessions/<date>_<time>_<tail>.csv.
A session ends after --idle seconds without packets.

The cockpit launcher starts this as root together with the panel drivers;
once the socket and output directory are set up the recorder continues as
the sim operator account (--run-as, default from SIM_OPERATOR).
"""

import argparse
import ctypes
import ctypes.util
import csv
import logging
import os
import pwd
import socket
import struct
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("xp_logger")

HEADER = b"DATA"
RECORD = struct.Struct("<i8f")

# X-Plane 11/12 data-set indices -> (column names for the 8 floats)
DATASETS = {
    3: ("kias", "keas", "ktas", "ktgs", None, "mph_ind", "mph_true", "mph_gnd"),
    17: ("pitch", "roll", "hdg_true", "hdg_mag", None, None, None, None),
    20: ("lat", "lon", "alt_msl", "alt_agl", "on_rwy", "alt_ind", None, None),
}
COLUMNS = ["t"] + [c for cols in DATASETS.values() for c in cols if c]


def decode(packet):
    """Return {column: value} for the data sets we know about."""
    if not packet.startswith(HEADER) or (len(packet) - 5) % RECORD.size:
        return None
    out = {}
    for off in range(5, len(packet), RECORD.size):
        idx, *vals = RECORD.unpack_from(packet, off)
        names = DATASETS.get(idx)
        if not names:
            continue
        for name, val in zip(names, vals):
            if name and val != -999.0:
                out[name] = round(val, 6)
    return out


class SessionWriter:
    def __init__(self, out_dir, tail):
        self.out_dir = out_dir
        self.tail = tail
        self.fh = None
        self.writer = None
        self.rows = 0
        self.t0 = None

    def start(self):
        self.out_dir.mkdir(parents=True, exist_ok=True)
        name = f"{datetime.now():%Y%m%d_%H%M%S}_{self.tail}.csv"
        path = self.out_dir / name
        self.fh = path.open("w", newline="", buffering=1)
        self.writer = csv.DictWriter(self.fh, fieldnames=COLUMNS, extrasaction="ignore")
        self.writer.writeheader()
        self.rows = 0
        self.t0 = time.monotonic()
        log.info("session started: %s", path)

    def write(self, sample):
        if self.fh is None:
            self.start()
        sample["t"] = round(time.monotonic() - self.t0, 2)
        self.writer.writerow(sample)
        self.rows += 1

    def close(self):
        if self.fh is not None:
            self.fh.close()
            log.info("session closed, %d rows", self.rows)
        self.fh = None


class _Libc:
    _lib = None

    @classmethod
    def get(cls):
        if cls._lib is None:
            cls._lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return cls._lib


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(username, out_dir):
    entry = pwd.getpwnam(username)
    uid, gid = entry.pw_uid, entry.pw_gid
    out_dir.mkdir(parents=True, exist_ok=True)
    os.chown(out_dir, uid, gid)
    libc = _Libc.get()
    groups = (ctypes.c_uint * 1)(gid)
    _check(libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(libc.setresgid(gid, gid, gid), "setresgid")
    _check(libc.setresuid(uid, uid, uid), "setresuid")
    os.environ.update(HOME=entry.pw_dir, USER=username, LOGNAME=username)
    log.info("continuing as %s (%d:%d)", username, uid, gid)


def open_socket(addr, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((addr, port))
    sock.settimeout(1.0)
    return sock


def main(argv=None):
    ap = argparse.ArgumentParser(description="X-Plane UDP flight data logger")
    ap.add_argument("--listen", default="127.0.0.1", help="address X-Plane sends to")
    ap.add_argument("--port", type=int, default=49003)
    ap.add_argument("--out", type=Path, default=Path("sessions"))
    ap.add_argument("--tail", default="SIM172")
    ap.add_argument("--idle", type=float, default=30.0)
    ap.add_argument("--rate", type=float, default=5.0, help="max rows per second")
    ap.add_argument("--run-as", default=os.environ.get("SIM_OPERATOR", "simop"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        sock = open_socket(args.listen, args.port)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1
    log.info("waiting for X-Plane on %s:%d", args.listen, args.port)

    if os.geteuid() == 0 and args.run_as:
        try:
            switch_identity(args.run_as, args.out)
        except (KeyError, OSError) as exc:
            log.error("cannot switch to %s: %s", args.run_as, exc)
            return 1

    writer = SessionWriter(args.out, args.tail)
    min_gap = 1.0 / args.rate if args.rate > 0 else 0
    last_packet = last_row = 0.0
    try:
        while True:
            try:
                packet, _ = sock.recvfrom(2048)
            except socket.timeout:
                if writer.fh and time.monotonic() - last_packet > args.idle:
                    writer.close()
                continue
            last_packet = time.monotonic()
            sample = decode(packet)
            if not sample:
                log.debug("ignored %d-byte packet", len(packet))
                continue
            if last_packet - last_row < min_gap:
                continue
            last_row = last_packet
            writer.write(sample)
    except KeyboardInterrupt:
        pass
    finally:
        writer.close()
        sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
