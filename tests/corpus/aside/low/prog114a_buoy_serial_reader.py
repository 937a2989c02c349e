#!/usr/bin/env python3
"""Read the station's weather-buoy radio modem into a CSV log.

The harbour mouth buoy transmits NMEA-style telemetry every 30 s over a UHF
link; the receiver is a USB serial modem plugged into the boathouse PC.
This reads $WIMWV (wind), $YXXDR (wave/pressure) and $YXMTW (sea temp)
sentences and writes one row per minute to buoy_log.csv.

The user running it needs to be in the dialout group (ask the station IT
volunteer if the port cannot be opened).
"""
import argparse
import csv
import logging
import os
import sys
import time
from datetime import datetime, timezone

import serial

LOG = logging.getLogger("buoy_reader")


def nmea_ok(line):
    if not line.startswith("$") or "*" not in line:
        return False
    body, _, checksum = line[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(checksum[:2], 16)
    except ValueError:
        return False


def parse(line, reading):
    fields = line.split("*", 1)[0].split(",")
    tag = fields[0][3:]
    try:
        if tag == "MWV" and fields[5] == "A":
            reading["wind_dir"] = float(fields[1])
            reading["wind_kn"] = float(fields[3])
        elif tag == "XDR":
            for i in range(1, len(fields) - 3, 4):
                kind, value, _unit, name = fields[i:i + 4]
                if name == "WAVE":
                    reading["wave_m"] = float(value)
                elif kind == "P":
                    reading["pressure_hpa"] = float(value) * 1000.0
        elif tag == "MTW":
            reading["sea_c"] = float(fields[1])
    except (IndexError, ValueError):
        LOG.debug("could not parse %r", line)


def check_port(port):
    if not os.path.exists(port):
        LOG.error("%s not present - is the modem plugged in?", port)
        return False
    if not os.access(port, os.R_OK):
        LOG.error("no read access to %s - add this user to the dialout group", port)
        return False
    return True


def read_loop(ser, writer, fh, interval):
    reading, window_start = {}, time.monotonic()
    while True:
        raw = ser.readline().decode("ascii", errors="replace").strip()
        if raw and nmea_ok(raw):
            parse(raw, reading)
        if time.monotonic() - window_start >= interval and reading:
            row = {"time_utc": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}
            row.update(reading)
            writer.writerow(row)
            fh.flush()
            LOG.debug("logged %s", row)
            reading, window_start = {}, time.monotonic()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Buoy radio modem to CSV reader")
    ap.add_argument("--port", default=os.environ.get("BUOY_PORT", "/dev/ttyUSB0"))
    ap.add_argument("--baud", type=int, default=4800)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--out", default="buoy_log.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not check_port(args.port):
        return 1

    fields = ["time_utc", "wind_dir", "wind_kn", "wave_m", "pressure_hpa", "sea_c"]
    new_file = not os.path.exists(args.out)
    try:
        with serial.Serial(args.port, args.baud, timeout=5) as ser, \
                open(args.out, "a", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=fields)
            if new_file:
                writer.writeheader()
            LOG.info("reading %s at %d baud", args.port, args.baud)
            read_loop(ser, writer, fh, args.interval)
    except serial.SerialException as exc:
        LOG.error("serial error: %s", exc)
        return 1
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
