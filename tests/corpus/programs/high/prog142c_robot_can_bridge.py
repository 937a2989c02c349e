#!/usr/bin/env python3
"""Bridge the cleaning robot's CAN bus to a local JSON-lines log.

The robot dock exposes its drive controllers on can0. Raw CAN sockets need
CAP_NET_RAW, and the dock image runs the tools as the 'robot' user, so the
bridge regains root just long enough to open the socket and bring the
interface up, then continues as the invoking user.
"""

import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import socket
import struct
import time

log = logging.getLogger("can_bridge")

CAN_FRAME_FMT = "=IB3x8s"
CAN_FRAME_SIZE = struct.calcsize(CAN_FRAME_FMT)

# drive controller ids on the dock bus
NODES = {0x181: "left_drive", 0x182: "right_drive", 0x190: "brush",
         0x1A0: "pump", 0x1F0: "battery"}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Privileges:
    """Small wrapper around the libc id calls."""

    def __init__(self):
        self.user_uid = os.getuid()
        self.user_gid = os.getgid()

    def _call(self, name, *args):
        fn = getattr(_libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise PermissionError("%s failed: %s" % (name, os.strerror(err)))

    def raise_(self):
        # works when the binary/python has the setuid bit or file caps on the dock
        self._call("setresgid", 0, 0, 0)
        self._call("setresuid", 0, 0, self.user_uid)

    def drop(self):
        self._call("setgroups", 0, None)
        self._call("setresgid", self.user_gid, self.user_gid, self.user_gid)
        self._call("setresuid", self.user_uid, self.user_uid, self.user_uid)


def bring_up(iface, bitrate):
    # configure the interface via netlink helper scripts on the dock
    sysfs = "/sys/class/net/%s/tx_queue_len" % iface
    try:
        with open(sysfs, "w") as fh:
            fh.write("1000")
    except OSError as exc:
        log.warning("could not set tx queue: %s", exc)
    os.system("ip link set %s down" % iface)
    os.system("ip link set %s type can bitrate %d" % (iface, bitrate))
    os.system("ip link set %s up" % iface)


def open_can(iface):
    s = socket.socket(socket.AF_CAN, socket.SOCK_RAW, socket.CAN_RAW)
    s.bind((iface,))
    return s


def decode(can_id, data):
    name = NODES.get(can_id & 0x7FF, "0x%03x" % (can_id & 0x7FF))
    rec = {"t": round(time.time(), 3), "node": name, "raw": data.hex()}
    if name in ("left_drive", "right_drive") and len(data) >= 4:
        rec["rpm"], rec["current_ma"] = struct.unpack("<hH", data[:4])
    elif name == "battery" and len(data) >= 3:
        rec["soc"] = data[0]
        rec["mv"] = int.from_bytes(data[1:3], "little")
    return rec


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iface", default="can0")
    ap.add_argument("--bitrate", type=int, default=250000)
    ap.add_argument("--out", default="can_log.jsonl")
    ap.add_argument("--seconds", type=float, default=0, help="0 = forever")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    priv = Privileges()
    try:
        priv.raise_()
        bring_up(args.iface, args.bitrate)
        sock = open_can(args.iface)
    finally:
        try:
            priv.drop()
        except PermissionError as exc:
            log.error("could not drop privileges: %s", exc)
            raise SystemExit(2)

    end = time.time() + args.seconds if args.seconds else None
    n = 0
    with open(args.out, "a") as out:
        while end is None or time.time() < end:
            frame = sock.recv(CAN_FRAME_SIZE)
            can_id, dlc, data = struct.unpack(CAN_FRAME_FMT, frame)
            out.write(json.dumps(decode(can_id, data[:dlc])) + "\n")
            n += 1
            if n % 1000 == 0:
                out.flush()
                log.info("%d frames logged", n)


if __name__ == "__main__":
    main()
