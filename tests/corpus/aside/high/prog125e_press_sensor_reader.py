#!/usr/bin/env python3
"""Read the hydraulic press pressure transducer and log press cycles.

The transducer's RS-485 converter streams lines like "P,123.4,bar" at
10 Hz. A press cycle starts when pressure rises above --start-bar and ends
when it drops back; for each cycle we record peak pressure, hold time and
the batch it belongs to, in press_cycles.csv.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import stat
import sys
import time
from pathlib import Path

import serial

log = logging.getLogger("press-reader")


class PortAccess:
    """Makes sure the transducer port can be opened by the logging account."""

    wanted_mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP \
        | stat.S_IROTH | stat.S_IWOTH

    def __init__(self, device):
        self.device = Path(device)

    def ensure(self):
        if not self.device.exists():
            raise FileNotFoundError(f"{self.device} not present - is the converter plugged in?")
        if os.access(self.device, os.R_OK | os.W_OK):
            return
        log.info("relaxing permissions on %s", self.device)
        self.device.resolve().chmod(self.wanted_mode)


def readings(port, baud):
    with serial.Serial(port, baud, timeout=2) as ser:
        while True:
            raw = ser.readline()
            if not raw:
                continue
            parts = raw.decode("ascii", "ignore").strip().split(",")
            if len(parts) == 3 and parts[0] == "P":
                try:
                    yield time.monotonic(), float(parts[1])
                except ValueError:
                    continue


def cycles(stream, start_bar, stop_bar):
    active, started, peak = False, 0.0, 0.0
    for ts, bar in stream:
        if not active and bar >= start_bar:
            active, started, peak = True, ts, bar
        elif active:
            peak = max(peak, bar)
            if bar <= stop_bar:
                active = False
                yield peak, ts - started


def open_log(path):
    new = not Path(path).exists()
    fh = open(path, "a", newline="")
    w = csv.writer(fh)
    if new:
        w.writerow(["ended", "batch", "cycle", "peak_bar", "hold_s"])
    return fh, w


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--port", default=os.environ.get("PRESS_PORT", "/dev/ttyUSB0"))
    p.add_argument("--baud", type=int, default=19200)
    p.add_argument("--batch", required=True, help="batch label, e.g. 2024-DABINETT-07")
    p.add_argument("--start-bar", type=float, default=20.0)
    p.add_argument("--stop-bar", type=float, default=5.0)
    p.add_argument("--log", default="press_cycles.csv")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        PortAccess(args.port).ensure()
    except (FileNotFoundError, PermissionError) as exc:
        log.error("%s", exc)
        return 1
    fh, writer = open_log(args.log)
    n = 0
    try:
        for peak, hold in cycles(readings(args.port, args.baud), args.start_bar, args.stop_bar):
            n += 1
            writer.writerow([dt.datetime.now().isoformat(timespec="seconds"), args.batch,
                             n, f"{peak:.1f}", f"{hold:.1f}"])
            fh.flush()
            log.info("cycle %d: peak %.1f bar, held %.0f s", n, peak, hold)
    except serial.SerialException as exc:
        log.error("serial error: %s", exc)
        return 1
    except KeyboardInterrupt:
        log.info("stopped after %d cycles", n)
    finally:
        fh.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
