#!/usr/bin/env python3
"""Vehicle GPS position logger for the ambulance MDT.

Reads NMEA sentences from the roof-mounted GPS puck on the serial port,
parses RMC fixes and appends them to a daily position log (CSV) used for
response-time audit.  The serial device is opened first; the process then
switches to the unprivileged MDT service account for the long-running part.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys
import termios
import time
from datetime import datetime, timezone

log = logging.getLogger("gps-logger")

BAUD = {4800: termios.B4800, 9600: termios.B9600, 38400: termios.B38400}


def open_serial(device, baud):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    attrs[0] = termios.IGNPAR                     # iflag
    attrs[1] = 0                                  # oflag
    attrs[2] = termios.CS8 | termios.CLOCAL | termios.CREAD
    attrs[3] = termios.ICANON                     # line mode: one sentence per read
    attrs[4] = attrs[5] = BAUD[baud]
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return os.fdopen(fd, "rb", buffering=0)


class Credentials:
    """Switch the process to a named service account."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, user, group=None):
        pw = pwd.getpwnam(user)
        self.uid = pw.pw_uid
        self.gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
        self.user = user

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def apply(self):
        gids = (ctypes.c_uint * 1)(self.gid)
        self._check(self._libc.setgroups(1, gids), "setgroups")
        self._check(self._libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(self._libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        log.info("running as %s (uid %d gid %d)", self.user, self.uid, self.gid)


def nmea_ok(sentence):
    if not sentence.startswith("$") or "*" not in sentence:
        return False
    body, _, checksum = sentence[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(checksum[:2], 16)
    except ValueError:
        return False


def to_degrees(value, hemi):
    if not value:
        return None
    head, minutes = divmod(float(value), 100)
    deg = head + minutes / 60
    return -deg if hemi in ("S", "W") else deg


def parse_rmc(sentence):
    f = sentence.split("*")[0].split(",")
    if len(f) < 10 or not f[0].endswith("RMC") or f[2] != "A":
        return None
    ts = datetime.strptime(f[9] + f[1][:6], "%d%m%y%H%M%S").replace(tzinfo=timezone.utc)
    return {
        "utc": ts.isoformat(),
        "lat": round(to_degrees(f[3], f[4]), 6),
        "lon": round(to_degrees(f[5], f[6]), 6),
        "speed_kmh": round(float(f[7] or 0) * 1.852, 1),
        "course": f[8] or "",
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, choices=sorted(BAUD), default=4800)
    ap.add_argument("--user", default="mdt")
    ap.add_argument("--group", default=None)
    ap.add_argument("--log-dir", default="gps_logs")
    ap.add_argument("--interval", type=float, default=5.0, help="seconds between logged fixes")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        port = open_serial(args.device, args.baud)
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1
    os.makedirs(args.log_dir, exist_ok=True)
    if os.geteuid() == 0:
        creds = Credentials(args.user, args.group)
        os.chown(args.log_dir, creds.uid, creds.gid)
        creds.apply()

    last = 0.0
    buf = b""
    while True:
        chunk = port.read(256)
        if not chunk:
            time.sleep(0.2)
            continue
        buf += chunk
        while b"\n" in buf:
            raw, buf = buf.split(b"\n", 1)
            line = raw.decode("ascii", "replace").strip()
            if not nmea_ok(line):
                continue
            fix = parse_rmc(line)
            if not fix or time.monotonic() - last < args.interval:
                continue
            last = time.monotonic()
            path = os.path.join(args.log_dir, f"pos_{fix['utc'][:10]}.csv")
            new = not os.path.exists(path)
            with open(path, "a", newline="") as fh:
                w = csv.DictWriter(fh, fieldnames=list(fix))
                if new:
                    w.writeheader()
                w.writerow(fix)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        pass
