#!/usr/bin/env python3
"""Hydrant inspection logger with GPS fix.

Runs on the inspection tablet with a USB GPS puck.  For each hydrant the
inspector enters the plate number and condition; the current NMEA fix is
attached and the record is written to the local SQLite database that the
hydrant-sync tool uploads later.
"""
import argparse
import datetime as dt
import glob
import logging
import os
import sqlite3
import stat
import sys

import serial  # pyserial

log = logging.getLogger("hydrant-log")

DB_PATH = "hydrants.db"
CONDITIONS = ("ok", "marker_missing", "cover_damaged", "obstructed", "leaking", "not_found")

SCHEMA = """
CREATE TABLE IF NOT EXISTS inspections (
    id INTEGER PRIMARY KEY,
    plate TEXT NOT NULL,
    condition TEXT NOT NULL,
    lat REAL, lon REAL, hdop REAL,
    note TEXT,
    inspected_at TEXT NOT NULL
)"""


def find_gps_device(preferred=None):
    candidates = [preferred] if preferred else sorted(glob.glob("/dev/ttyACM*") + glob.glob("/dev/ttyUSB*"))
    for dev in candidates:
        if dev and os.path.exists(dev):
            return dev
    return None


def ensure_device_access(dev):
    """USB serial nodes come up root:dialout 0660; open them up for the inspector."""
    if os.access(dev, os.R_OK | os.W_OK):
        return True
    mode = os.stat(dev).st_mode
    try:
        os.chmod(dev, mode | stat.S_IROTH | stat.S_IWOTH)
        return True
    except PermissionError:
        log.error("no access to %s; add yourself to 'dialout' or run once with elevated rights", dev)
        return False


def nmea_to_deg(value, hemi):
    if not value:
        return None
    head, minutes = divmod(float(value), 100)
    deg = head + minutes / 60.0
    return -deg if hemi in ("S", "W") else deg


def read_fix(dev, baud=9600, timeout=10):
    deadline = dt.datetime.now() + dt.timedelta(seconds=timeout)
    with serial.Serial(dev, baud, timeout=1) as port:
        while dt.datetime.now() < deadline:
            line = port.readline().decode("ascii", "ignore").strip()
            if not line.startswith(("$GPGGA", "$GNGGA")):
                continue
            f = line.split(",")
            if len(f) < 9 or f[6] == "0":
                continue
            return nmea_to_deg(f[2], f[3]), nmea_to_deg(f[4], f[5]), float(f[8] or 99)
    return None, None, None


def record(conn, plate, condition, fix, note):
    lat, lon, hdop = fix
    conn.execute("INSERT INTO inspections (plate, condition, lat, lon, hdop, note, inspected_at) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (plate, condition, lat, lon, hdop, note, dt.datetime.now().isoformat(timespec="seconds")))
    conn.commit()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("plate", help="hydrant plate number, e.g. H-0412")
    ap.add_argument("condition", choices=CONDITIONS)
    ap.add_argument("--note", default="")
    ap.add_argument("--device", help="GPS serial device (auto-detect if omitted)")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--db", default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    fix = (None, None, None)
    dev = find_gps_device(args.device)
    if dev and ensure_device_access(dev):
        try:
            fix = read_fix(dev, args.baud)
        except (serial.SerialException, OSError) as exc:
            log.warning("GPS read failed on %s: %s", dev, exc)
    else:
        log.warning("no GPS fix, recording without position")
    if fix[0] is None:
        log.warning("no valid fix within timeout")

    conn = sqlite3.connect(args.db)
    conn.execute(SCHEMA)
    record(conn, args.plate.upper(), args.condition, fix, args.note)
    conn.close()
    log.info("logged %s (%s) at %s", args.plate.upper(), args.condition, fix[:2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
