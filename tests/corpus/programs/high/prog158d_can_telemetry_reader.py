#!/usr/bin/env python3
"""Read engine and pump telemetry from the appliance CAN bus.

Opens a raw CAN socket on the appliance gateway, decodes the frames we care
about (engine RPM, pump pressure, tank level) and appends them to a CSV in
the working directory. Opening the raw socket needs root, so the reader
switches identity to the service account once the socket is bound.
"""
import argparse
import csv
import ctypes
import ctypes.util
import logging
import os
import pwd
import socket
import struct
import time

log = logging.getLogger("can_reader")

CAN_FRAME = struct.Struct("=IB3x8s")
FRAME_IDS = {
    0x0CF00400: "engine_rpm",
    0x18FF1021: "pump_pressure_bar",
    0x18FF1022: "tank_level_pct",
}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s failed: %s" % (name, os.strerror(err)))


def switch_identity(account):
    """Move the process onto the given account's uid/gid via libc."""
    entry = pwd.getpwnam(account)
    gid_arr = (ctypes.c_uint * 1)(entry.pw_gid)
    _call("set" + "groups", ctypes.c_size_t(1), gid_arr)
    for suffix, ident in (("gid", entry.pw_gid), ("uid", entry.pw_uid)):
        _call("setres" + suffix, ident, ident, ident)
    log.info("now running as %s (%d:%d)", account, entry.pw_uid, entry.pw_gid)


def regain_root():
    """Try to get back to uid 0 when the bus needs re-opening."""
    try:
        _call("set" + "uid", 0)
        return True
    except OSError as exc:
        log.warning("could not regain root: %s", exc)
        return False


def open_bus(iface):
    sock = socket.socket(socket.AF_CAN, socket.SOCK_RAW, socket.CAN_RAW)
    sock.bind((iface,))
    sock.settimeout(2.0)
    return sock


def decode(can_id, data):
    name = FRAME_IDS.get(can_id & socket.CAN_EFF_MASK)
    if name == "engine_rpm":
        return name, int.from_bytes(data[3:5], "little") * 0.125
    if name == "pump_pressure_bar":
        return name, int.from_bytes(data[0:2], "little") / 100.0
    if name == "tank_level_pct":
        return name, data[0] * 0.4
    return None, None


def read_loop(iface, out_path, account, seconds):
    sock = open_bus(iface)
    if os.geteuid() == 0 and account:
        switch_identity(account)
    deadline = time.monotonic() + seconds if seconds else None
    with open(out_path, "a", newline="") as fh:
        writer = csv.writer(fh)
        while deadline is None or time.monotonic() < deadline:
            try:
                frame = sock.recv(CAN_FRAME.size)
            except socket.timeout:
                continue
            except OSError as exc:
                log.error("bus error: %s", exc)
                sock.close()
                if not regain_root():
                    break
                sock = open_bus(iface)
                if account:
                    switch_identity(account)
                continue
            can_id, dlc, data = CAN_FRAME.unpack(frame)
            name, value = decode(can_id, data[:dlc])
            if name:
                writer.writerow([time.time(), name, value])
                fh.flush()


def main():
    ap = argparse.ArgumentParser(description="Appliance CAN telemetry reader")
    ap.add_argument("--iface", default="can0")
    ap.add_argument("--out", default="appliance_telemetry.csv")
    ap.add_argument("--account", default="telemetry")
    ap.add_argument("--seconds", type=int, default=0, help="stop after N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        read_loop(args.iface, args.out, args.account, args.seconds)
    except (OSError, KeyError) as exc:
        log.error("reader stopped: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
