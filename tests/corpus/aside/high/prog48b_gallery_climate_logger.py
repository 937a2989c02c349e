#!/usr/bin/env python3
"""Gallery climate logger for the conservation department.

Talks to the RS-485 humidity/temperature probes in the display cases,
configures the probe bus, then gives up root and keeps logging readings to a
CSV in the logger's working directory. Started from the gallery kiosk as root
because the serial adapter is only accessible to root on those machines.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import time
from datetime import datetime, timezone

log = logging.getLogger("climate")
libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

PROBE_INIT = b"\x02CFG,RATE=60,UNIT=C\x03"
POLL = b"\x02READ,ALL\x03"


def drop_privileges(username):
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    if libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid) != 0:
        raise OSError(ctypes.get_errno(), "setresgid failed")
    if libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid) != 0:
        raise OSError(ctypes.get_errno(), "setresuid failed")
    log.info("now running as %s (uid=%d)", username, os.getuid())


def open_bus(device):
    fd = os.open(device, os.O_RDWR | os.O_NOCTTY)
    os.write(fd, PROBE_INIT)
    time.sleep(0.5)
    os.read(fd, 256)
    return fd


def parse_frame(raw):
    text = raw.strip(b"\x02\x03\r\n").decode("ascii", "replace")
    readings = []
    for part in text.split(";"):
        try:
            case_id, temp, rh = part.split(",")
            readings.append((case_id, float(temp), float(rh)))
        except ValueError:
            continue
    return readings


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--user", default="conservation")
    ap.add_argument("--out", default="case_climate.csv")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--rh-alarm", type=float, default=60.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    fd = open_bus(args.device)
    if os.geteuid() == 0:
        drop_privileges(args.user)

    new_file = not os.path.exists(args.out)
    with open(args.out, "a", newline="") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["utc", "case", "temp_c", "rh_pct"])
        while True:
            os.write(fd, POLL)
            time.sleep(1)
            frame = os.read(fd, 1024)
            stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
            for case_id, temp, rh in parse_frame(frame):
                writer.writerow([stamp, case_id, temp, rh])
                if rh > args.rh_alarm:
                    log.warning("case %s humidity %.1f%% above limit", case_id, rh)
            fh.flush()
            time.sleep(args.interval)


if __name__ == "__main__":
    main()
