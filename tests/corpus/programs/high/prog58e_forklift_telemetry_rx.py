#!/usr/bin/env python3
"""Receive UDP telemetry bursts from warehouse forklifts and append them to
hourly CSV files for the fleet maintenance team.

Started as root by the depot bootstrap: it enlarges the kernel receive buffer
limit for the burst traffic, binds its socket, then switches to the
unprivileged 'fleetdata' account before processing any packets."""

import argparse
import configparser
import csv
import ctypes
import ctypes.util
import logging
import pwd
import socket
import struct
import sys
import time
from pathlib import Path

log = logging.getLogger("forklift-rx")
PACKET = struct.Struct("!6sIhhHB")   # truck id, epoch, x, y, battery mV/10, fault code
SYSCTL_KNOB = Path("/proc/sys/net/core/rmem_max")


def load_config(path: Path) -> dict:
    parser = configparser.ConfigParser()
    parser.read_dict({"rx": {"address": "10.40.0.2", "port": "47001",
                             "buffer_mb": "8", "user": "fleetdata",
                             "out_dir": "telemetry"}})
    parser.read(path)
    return dict(parser["rx"])


def raise_buffer_limit(megabytes: int) -> int:
    wanted = megabytes * 1024 * 1024
    current = int(SYSCTL_KNOB.read_text().strip())
    if current < wanted:
        SYSCTL_KNOB.write_text(f"{wanted}\n")
        log.info("rmem_max %d -> %d", current, wanted)
    return wanted


class PrivilegeDropper:
    def __init__(self, username: str):
        self.entry = pwd.getpwnam(username)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc: int, what: str):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what} failed")

    def drop(self):
        empty = (ctypes.c_uint * 1)()
        self._check(self.libc.setgroups(0, empty), "setgroups")
        self._check(self.libc.setgid(self.entry.pw_gid), "setgid")
        self._check(self.libc.setuid(self.entry.pw_uid), "setuid")
        log.info("now running as %s", self.entry.pw_name)


class HourlySink:
    def __init__(self, out_dir: Path):
        self.out_dir = out_dir
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def write(self, record: tuple):
        stamp = time.strftime("%Y%m%d-%H", time.gmtime(record[1]))
        target = self.out_dir / f"forklift-{stamp}.csv"
        with target.open("a", newline="") as fh:
            csv.writer(fh).writerow(record)


def serve(sock: socket.socket, sink: HourlySink):
    while True:
        data, peer = sock.recvfrom(2048)
        for off in range(0, len(data) - PACKET.size + 1, PACKET.size):
            truck, epoch, x, y, batt, fault = PACKET.unpack_from(data, off)
            sink.write((truck.decode(errors="replace").strip("\0"), epoch, x, y,
                        batt * 10, fault, peer[0]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("forklift-rx.ini"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    cfg = load_config(args.config)

    bufsize = raise_buffer_limit(int(cfg["buffer_mb"]))
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, bufsize)
    sock.bind((cfg["address"], int(cfg["port"])))
    PrivilegeDropper(cfg["user"]).drop()
    try:
        serve(sock, HourlySink(Path(cfg["out_dir"])))
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
