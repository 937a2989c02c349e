#!/usr/bin/env python3
"""Read pulse counts from the trough water meters and log litres per plot row.

The Greenfield sites run one pulse-counter board per standpipe, daisy-chained
on an RS-485 adapter.  The board prints lines like ``M3 1042`` (meter id,
cumulative pulses).  This daemon opens the serial port, then runs as the
unprivileged ``meter`` account, converts pulses to litres and appends
readings to readings.csv for the monthly water bill split.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import signal
import time
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("meter-reader")

LITRES_PER_PULSE = 0.5
STOP = False


def _stop(signum, _frame):
    global STOP
    log.info("signal %d, stopping", signum)
    STOP = True


def open_port(device, baud):
    return serial.Serial(device, baudrate=baud, timeout=2)


def become(user, group=None):
    """Switch the process to the given account after privileged setup."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    if os.getuid() == pw.pw_uid:
        return
    os.setgroups([gid, grp.getgrnam("dialout").gr_gid])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid %d)", user, pw.pw_uid)


def parse(line):
    parts = line.strip().split()
    if len(parts) != 2 or not parts[0].startswith("M"):
        return None
    try:
        return parts[0], int(parts[1])
    except ValueError:
        return None


class ReadingLog:
    def __init__(self, path, plot_map):
        self.path = Path(path)
        self.plot_map = plot_map
        self.last = {}
        new = not self.path.exists()
        self.fh = open(self.path, "a", newline="")
        self.out = csv.writer(self.fh)
        if new:
            self.out.writerow(["time", "meter", "rows", "pulses", "litres_since_last"])

    def record(self, meter, pulses):
        prev = self.last.get(meter)
        self.last[meter] = pulses
        litres = 0.0 if prev is None or pulses < prev else (pulses - prev) * LITRES_PER_PULSE
        self.out.writerow([time.strftime("%Y-%m-%dT%H:%M:%S"), meter,
                           self.plot_map.get(meter, "?"), pulses, f"{litres:.1f}"])
        self.fh.flush()

    def close(self):
        self.fh.close()


def load_plot_map(path):
    mapping = {}
    try:
        with open(path) as fh:
            for line in fh:
                if line.strip() and not line.startswith("#"):
                    meter, rows = line.split(None, 1)
                    mapping[meter] = rows.strip()
    except FileNotFoundError:
        log.warning("%s not found; rows will show as ?", path)
    return mapping


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=os.environ.get("METER_PORT", "/dev/ttyUSB0"))
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--user", default="meter")
    ap.add_argument("--group", default=None)
    ap.add_argument("--out", default="readings.csv")
    ap.add_argument("--plots", default="meter_rows.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)

    try:
        port = open_port(args.device, args.baud)
    except serial.SerialException as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1

    try:
        become(args.user, args.group)
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1

    readings = ReadingLog(args.out, load_plot_map(args.plots))
    try:
        while not STOP:
            raw = port.readline().decode("ascii", errors="ignore")
            if not raw:
                continue
            parsed = parse(raw)
            if parsed is None:
                log.debug("ignored line %r", raw)
                continue
            readings.record(*parsed)
    except serial.SerialException as exc:
        log.error("serial error: %s", exc)
        return 1
    finally:
        readings.close()
        port.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
