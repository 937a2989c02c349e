#!/usr/bin/env python3
"""Crane telemetry agent.

Listens for Modbus/TCP frames from the crane PLCs (hook load, slew angle,
hydraulic pressure) and appends them to a CSV for the maintenance team.
Modbus uses port 502, so the agent starts with root, binds the port and
then switches to the service account configured below.
"""
import argparse
import csv
import ctypes
import ctypes.util
import logging
import pwd
import socket
import struct
import sys
import time

log = logging.getLogger("crane_agent")

SETTINGS = {"bind": "127.0.0.1", "port": 502, "account": "craneops", "csv": "crane_telemetry.csv"}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name} failed")


def switch_identity(account):
    """Drop to the service account once the socket is bound."""
    entry = pwd.getpwnam(account)
    gid_array = (ctypes.c_uint * 1)(entry.pw_gid)
    _call("setgroups", ctypes.c_size_t(1), gid_array)
    _call("setresgid", entry.pw_gid, entry.pw_gid, entry.pw_gid)
    _call("setresuid", entry.pw_uid, entry.pw_uid, entry.pw_uid)
    log.info("running as %s (%d:%d)", account, entry.pw_uid, entry.pw_gid)


def decode_registers(pdu):
    """Function 16 (write multiple registers) from the PLC push."""
    if len(pdu) < 6 or pdu[0] != 0x10:
        return None
    start, count, nbytes = struct.unpack(">HHB", pdu[1:6])
    if len(pdu) < 6 + nbytes:
        return None
    values = struct.unpack(f">{count}H", pdu[6:6 + 2 * count])
    return start, values


class TelemetryWriter:
    FIELDS = ["ts", "unit", "hook_load_kg", "slew_deg", "hyd_bar"]

    def __init__(self, path):
        self.fh = open(path, "a", newline="")
        self.w = csv.writer(self.fh)
        if self.fh.tell() == 0:
            self.w.writerow(self.FIELDS)

    def record(self, unit, values):
        if len(values) < 3:
            return
        self.w.writerow([f"{time.time():.1f}", unit, values[0] * 10, values[1] / 10, values[2]])
        self.fh.flush()


def serve(sock, writer):
    while True:
        conn, addr = sock.accept()
        with conn:
            header = conn.recv(7)
            if len(header) < 7:
                continue
            _tid, _proto, length, unit = struct.unpack(">HHHB", header)
            pdu = conn.recv(length - 1)
            decoded = decode_registers(pdu)
            if decoded is None:
                log.warning("unexpected frame from %s", addr[0])
                continue
            writer.record(unit, decoded[1])
            conn.sendall(header[:4] + struct.pack(">HB", 6, unit) + pdu[:5])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default=SETTINGS["bind"])
    ap.add_argument("--port", type=int, default=SETTINGS["port"])
    ap.add_argument("--account", default=SETTINGS["account"])
    ap.add_argument("--csv", default=SETTINGS["csv"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.bind, args.port))
    sock.listen(8)
    try:
        switch_identity(args.account)
    except (KeyError, OSError) as exc:
        log.error("cannot switch account: %s", exc)
        return 1
    writer = TelemetryWriter(args.csv)
    try:
        serve(sock, writer)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
