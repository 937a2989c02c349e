#!/usr/bin/env python3
"""Read totaliser data from the depot fuel pump controller over RS-232.

The pump controller (Gilbarco-style protocol, 9600 8N1) answers a status
poll with the running totals for each nozzle. We poll once a minute and
append readings to a daily CSV in ./readings, which the fuel office
reconciles against the tank dip each morning.
"""
import argparse
import csv
import getpass
import logging
import os
import stat
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import serial

log = logging.getLogger("pump-bridge")

POLL = b"\x02TOT?\x03"
DEFAULT_PORT = "/dev/ttyUSB0"


class PumpController:
    def __init__(self, port, baud=9600, timeout=2.0):
        self.port = port
        self.baud = baud
        self.timeout = timeout
        self.conn = None

    def _grant_access(self):
        """Make the adapter usable by the fuel office account."""
        mode = os.stat(self.port).st_mode
        try:
            os.chmod(self.port, mode | stat.S_IROTH | stat.S_IWOTH)
            return
        except PermissionError:
            pass
        user = getpass.getuser()
        log.info("asking for access to %s for %s", self.port, user)
        subprocess.run(["sudo", "chown", f"{user}:dialout", self.port], check=True)

    def open(self):
        try:
            self.conn = serial.Serial(self.port, self.baud, timeout=self.timeout)
        except serial.SerialException as exc:
            if "Permission denied" not in str(exc):
                raise
            self._grant_access()
            self.conn = serial.Serial(self.port, self.baud, timeout=self.timeout)
        log.info("opened %s at %d baud", self.port, self.baud)

    def totals(self):
        self.conn.reset_input_buffer()
        self.conn.write(POLL)
        raw = self.conn.read_until(b"\x03", size=512)
        if not raw.startswith(b"\x02") or not raw.endswith(b"\x03"):
            raise ValueError(f"bad frame {raw!r}")
        fields = raw[1:-1].decode("ascii").split(";")
        out = {}
        for field in fields:
            nozzle, _, value = field.partition("=")
            if nozzle:
                out[nozzle] = float(value)
        return out

    def close(self):
        if self.conn:
            self.conn.close()


def append_reading(out_dir, reading):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"totals_{datetime.now():%Y%m%d}.csv"
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "nozzle", "litres_total"])
        ts = datetime.now().isoformat(timespec="seconds")
        for nozzle, litres in sorted(reading.items()):
            w.writerow([ts, nozzle, f"{litres:.2f}"])
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", default=os.environ.get("PUMP_PORT", DEFAULT_PORT))
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--out", type=Path, default=Path("readings"))
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    pump = PumpController(args.port)
    try:
        pump.open()
    except (serial.SerialException, subprocess.CalledProcessError, OSError) as exc:
        log.error("cannot open %s: %s", args.port, exc)
        return 1

    failures = 0
    try:
        while True:
            try:
                reading = pump.totals()
                path = append_reading(args.out, reading)
                log.info("%d nozzles -> %s", len(reading), path.name)
                failures = 0
            except (ValueError, serial.SerialException) as exc:
                failures += 1
                log.warning("poll failed (%d): %s", failures, exc)
                if failures >= 10:
                    log.error("controller not responding, giving up")
                    return 2
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        pump.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
