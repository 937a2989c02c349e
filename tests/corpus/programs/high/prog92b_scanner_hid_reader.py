#!/usr/bin/env python3
"""Read the box-office door scanner and log admissions.

The fixed door scanners at the screen entrances are USB HID barcode readers.
This reads raw HID reports from the scanner's hidraw node, decodes the key
usages into the ticket barcode, and appends each admission to
./admissions.jsonl for the ticket-scanner export job.

The hidraw node is root-only on the kiosk image, so the reader opens it first
and then continues as the unprivileged kiosk account.
"""

import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import signal
import sys
from datetime import datetime, timezone

log = logging.getLogger("door-scanner")

# HID keyboard usage IDs -> characters (no shift / with shift)
USAGE = {i: (chr(ord("a") + i - 4), chr(ord("A") + i - 4)) for i in range(4, 30)}
USAGE.update({30 + i: (str((i + 1) % 10), "!@#$%^&*()"[i]) for i in range(10)})
USAGE.update({44: (" ", " "), 45: ("-", "_"), 46: ("=", "+"), 56: ("/", "?")})
ENTER = 40
SHIFT_MASK = 0x22  # left/right shift in the modifier byte


class Identity:
    """Switches the process to another account once devices are open."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, username):
        self.entry = pwd.getpwnam(username)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self):
        uid, gid = self.entry.pw_uid, self.entry.pw_gid
        groups = (ctypes.c_uint * 1)(gid)
        self._check(self._libc.setgroups(1, groups), "setgroups")
        self._check(self._libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self._libc.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = self.entry.pw_dir
        os.environ["USER"] = self.entry.pw_name
        log.info("continuing as %s (%d:%d)", self.entry.pw_name, uid, gid)


def decode_reports(fd, report_len=8):
    """Yield complete barcodes from a stream of 8-byte boot keyboard reports."""
    buf = []
    last = set()
    while True:
        data = os.read(fd, report_len)
        if not data:
            return
        modifier, keys = data[0], {k for k in data[2:] if k}
        for key in keys - last:
            if key == ENTER:
                if buf:
                    yield "".join(buf)
                    buf = []
            elif key in USAGE:
                buf.append(USAGE[key][1 if modifier & SHIFT_MASK else 0])
        last = keys


def classify(code):
    if len(code) < 8:
        return "short-read"
    if code.upper().startswith("VOID"):
        return "void"
    return "admit"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=os.environ.get("DOOR_SCANNER", "/dev/hidraw0"))
    ap.add_argument("--door", default=os.environ.get("DOOR_ID", "screen1-main"))
    ap.add_argument("--run-as", default="kiosk")
    ap.add_argument("--out", default="admissions.jsonl")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        fd = os.open(args.device, os.O_RDONLY)
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1
    out = open(args.out, "a", buffering=1, encoding="utf-8")

    if os.geteuid() == 0:
        try:
            Identity(args.run_as).assume()
        except (KeyError, OSError) as exc:
            log.error("cannot switch to %s: %s", args.run_as, exc)
            return 1

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    log.info("reading %s for door %s", args.device, args.door)
    count = 0
    try:
        for code in decode_reports(fd):
            record = {
                "door": args.door,
                "barcode": code,
                "result": classify(code),
                "ts": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            }
            out.write(json.dumps(record) + "\n")
            count += 1
            log.debug("scan %s -> %s", code, record["result"])
    except KeyboardInterrupt:
        pass
    finally:
        os.close(fd)
        out.close()
        log.info("%d scans recorded", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
