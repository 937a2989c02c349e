#!/usr/bin/env python3
"""Record the balloon's GPS track during a flight.

Started from the basket logger's boot script. Opens the GPS receiver's serial
port, parses NMEA GGA/RMC sentences and writes one CSV row per fix into
./tracks/<date>_<flight>.csv for the post-flight report and the passenger
certificate map. The port is opened first and the process then switches to
the unprivileged 'logger' account for the rest of the flight.
"""
import argparse
import ctypes
import ctypes.util
import csv
import logging
import os
import pwd
import signal
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("track")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Identity:
    """Switch the running process to another account."""

    def __init__(self, account):
        self.pw = pwd.getpwnam(account)

    def _call(self, fn, *args):
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))

    def assume(self):
        gid = ctypes.c_uint(self.pw.pw_gid)
        self._call(_libc.setgroups, ctypes.c_size_t(1), ctypes.byref(gid))
        self._call(_libc.setgid, self.pw.pw_gid)
        self._call(_libc.setuid, self.pw.pw_uid)
        os.environ["HOME"] = self.pw.pw_dir
        log.info("running as %s (%d)", self.pw.pw_name, os.getuid())


def nmea_ok(line):
    if not line.startswith("$") or "*" not in line:
        return False
    body, _, cks = line[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(cks[:2], 16)
    except ValueError:
        return False


def to_deg(value, hemi):
    if not value:
        return None
    dot = value.index(".")
    deg = float(value[: dot - 2])
    minutes = float(value[dot - 2:])
    d = deg + minutes / 60.0
    return -d if hemi in ("S", "W") else d


def parse_gga(fields):
    return {
        "lat": to_deg(fields[2], fields[3]),
        "lon": to_deg(fields[4], fields[5]),
        "sats": int(fields[7] or 0),
        "alt_m": float(fields[9] or 0.0),
    }


def open_port(device, baud):
    import termios
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, f"B{baud}")
    attrs[4] = attrs[5] = speed
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return os.fdopen(fd, "r", encoding="ascii", errors="replace")


def record(port, out_path, stop):
    out_path.parent.mkdir(parents=True, exist_ok=True)
    with out_path.open("a", newline="") as fh:
        w = csv.writer(fh)
        if fh.tell() == 0:
            w.writerow(["utc", "lat", "lon", "alt_m", "sats"])
        for line in port:
            if stop["flag"]:
                break
            line = line.strip()
            if not nmea_ok(line) or not line[3:6] == "GGA":
                continue
            fix = parse_gga(line.split(","))
            if fix["lat"] is None:
                continue
            w.writerow([datetime.now(timezone.utc).isoformat(timespec="seconds"),
                        f"{fix['lat']:.6f}", f"{fix['lon']:.6f}", fix["alt_m"], fix["sats"]])
            fh.flush()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="/dev/ttyACM0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--flight", default=time.strftime("F%H%M"))
    ap.add_argument("--run-as", default="logger")
    ap.add_argument("--out-dir", default="tracks")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        port = open_port(args.device, args.baud)
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1

    out = Path(args.out_dir).resolve() / f"{time.strftime('%Y-%m-%d')}_{args.flight}.csv"
    if os.geteuid() == 0:
        try:
            Identity(args.run_as).assume()
        except (KeyError, OSError) as exc:
            log.error("could not switch to %s: %s", args.run_as, exc)
            return 1

    stop = {"flag": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(flag=True))
    try:
        record(port, out, stop)
    except KeyboardInterrupt:
        pass
    log.info("track saved to %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
