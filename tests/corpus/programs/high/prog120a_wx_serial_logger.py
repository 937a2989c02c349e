#!/usr/bin/env python3
"""Serial logger for the lighthouse gallery weather station.

Reads NMEA-style sentences ($WIMDA / $WIMWV) from the station's RS-485
adapter, converts them to tidy records and appends them to a daily CSV under
the data directory. Started by the site's init script; once the serial port
is open it continues as the unprivileged ``wxlog`` account.
"""

import argparse
import csv
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import signal
import sys
from datetime import datetime, timezone
from pathlib import Path

import serial

log = logging.getLogger("wx-serial")

FIELDS = ["utc", "pressure_hpa", "air_temp_c", "humidity_pct", "dew_point_c",
          "wind_dir_deg", "wind_speed_ms"]


class Identity:
    """Switches the process to the service account after start-up."""

    def __init__(self, user):
        self.user = user
        self._libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s: %s" % (what, os.strerror(err)))

    def assume(self):
        pw = pwd.getpwnam(self.user)
        groups = [g.gr_gid for g in grp.getgrall() if self.user in g.gr_mem]
        groups.append(pw.pw_gid)
        arr = (ctypes.c_uint * len(groups))(*groups)
        self._check(self._libc.setgroups(len(groups), arr), "setgroups")
        self._check(self._libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
        self._check(self._libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
        os.environ.update(HOME=pw.pw_dir, USER=pw.pw_name, LOGNAME=pw.pw_name)
        log.info("running as %s (uid %d)", pw.pw_name, pw.pw_uid)


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


def parse(sentence, state):
    parts = sentence.split("*")[0].split(",")
    kind = parts[0][-3:]
    try:
        if kind == "MDA":
            state["pressure_hpa"] = round(float(parts[3]) * 1000, 1) if parts[3] else None
            state["air_temp_c"] = float(parts[5]) if parts[5] else None
            state["humidity_pct"] = float(parts[9]) if parts[9] else None
            state["dew_point_c"] = float(parts[11]) if parts[11] else None
            return True
        if kind == "MWV" and parts[5] == "A":
            state["wind_dir_deg"] = float(parts[1])
            speed = float(parts[3])
            unit = parts[4]
            state["wind_speed_ms"] = round(speed * {"N": 0.5144, "K": 0.2778}.get(unit, 1.0), 2)
    except (IndexError, ValueError):
        log.debug("unparseable: %s", sentence)
    return False


def writer_for(data_dir, day, cache={}):
    path = Path(data_dir) / ("wx-%s.csv" % day)
    if cache.get("path") != path:
        if cache.get("fh"):
            cache["fh"].close()
        new = not path.exists()
        fh = path.open("a", newline="")
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            w.writeheader()
        cache.update(path=path, fh=fh, w=w)
    return cache["w"], cache["fh"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=4800)
    ap.add_argument("--data-dir", default="wxdata")
    ap.add_argument("--user", default="wxlog", help="account to continue as after opening the port")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        port = serial.Serial(args.port, args.baud, timeout=5)
    except serial.SerialException as exc:
        log.error("cannot open %s: %s", args.port, exc)
        return 1
    Path(args.data_dir).mkdir(parents=True, exist_ok=True)

    if os.geteuid() == 0:
        Identity(args.user).assume()

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    state = {}
    while True:
        line = port.readline().decode("ascii", "replace").strip()
        if not line or not nmea_ok(line):
            continue
        if parse(line, state):
            now = datetime.now(timezone.utc)
            row = {k: state.get(k) for k in FIELDS}
            row["utc"] = now.strftime("%Y-%m-%dT%H:%M:%SZ")
            w, fh = writer_for(args.data_dir, now.date().isoformat())
            w.writerow(row)
            fh.flush()


if __name__ == "__main__":
    sys.exit(main())
