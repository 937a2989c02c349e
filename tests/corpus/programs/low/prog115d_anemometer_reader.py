#!/usr/bin/env python3
"""Log wind from the ultrasonic anemometer on the scaffold top lift.

The sensor (Gill WindSonic / Calypso style) streams NMEA 0183 MWV sentences
over USB-serial:  $WIMWV,<dir>,R,<speed>,<unit>,A*hh
We keep a rolling 10-minute window, write one CSV row per minute to
./wind/<date>.csv and print a STOP WORK line when the mean or the 3-second
gust crosses the site limits from wind_limits.json.
"""
import argparse
import collections
import csv
import datetime as dt
import json
import logging
import statistics
import sys
import time
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("anemometer")
UNIT_TO_MS = {"M": 1.0, "K": 1 / 3.6, "N": 0.514444}
DEFAULT_LIMITS = {"mean_ms": 10.0, "gust_ms": 17.0}   # typical scaffold / hoist limits


def nmea_ok(sentence: str) -> bool:
    if not sentence.startswith("$") or "*" not in sentence:
        return False
    body, _, checksum = sentence[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(checksum[:2], 16)
    except ValueError:
        return False


def readings(port: serial.Serial):
    """Yield (timestamp, direction_deg, speed_ms) from MWV sentences."""
    while True:
        raw = port.readline()
        if not raw:
            continue
        line = raw.decode("ascii", errors="replace").strip()
        if not line.startswith("$WIMWV") or not nmea_ok(line):
            continue
        fields = line.split("*")[0].split(",")
        try:
            direction, speed, unit, status = float(fields[1]), float(fields[3]), fields[4], fields[5]
        except (IndexError, ValueError):
            continue
        if status != "A":
            continue
        yield time.time(), direction, speed * UNIT_TO_MS.get(unit, 1.0)


def open_port(device: str, baud: int) -> serial.Serial:
    try:
        return serial.Serial(device, baudrate=baud, timeout=2)
    except serial.SerialException as exc:
        if "Permission denied" in str(exc):
            log.error("no access to %s - ask the office to add this account to the "
                      "'dialout' group, then log in again", device)
        raise


class WindWindow:
    def __init__(self, seconds: int = 600):
        self.seconds = seconds
        self.samples = collections.deque()

    def add(self, ts: float, speed: float) -> None:
        self.samples.append((ts, speed))
        while self.samples and ts - self.samples[0][0] > self.seconds:
            self.samples.popleft()

    def mean(self) -> float:
        return statistics.fmean(s for _, s in self.samples) if self.samples else 0.0

    def gust(self, span: float = 3.0) -> float:
        if not self.samples:
            return 0.0
        best, window = 0.0, collections.deque()
        for ts, speed in self.samples:
            window.append((ts, speed))
            while ts - window[0][0] > span:
                window.popleft()
            best = max(best, statistics.fmean(s for _, s in window))
        return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="scaffold wind logger")
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=4800)
    ap.add_argument("--limits", type=Path, default=Path("wind_limits.json"))
    ap.add_argument("--out", type=Path, default=Path("wind"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    limits = dict(DEFAULT_LIMITS)
    if args.limits.exists():
        limits.update(json.loads(args.limits.read_text()))
    args.out.mkdir(exist_ok=True)

    try:
        port = open_port(args.device, args.baud)
    except serial.SerialException as exc:
        log.error("%s", exc)
        return 2

    window = WindWindow()
    last_minute, last_dir, stopped = None, 0.0, False
    try:
        for ts, direction, speed in readings(port):
            window.add(ts, speed)
            last_dir = direction
            minute = int(ts // 60)
            if minute == last_minute:
                continue
            last_minute = minute
            mean, gust = window.mean(), window.gust()
            now = dt.datetime.fromtimestamp(ts)
            path = args.out / f"{now:%Y-%m-%d}.csv"
            new = not path.exists()
            with path.open("a", newline="") as fh:
                w = csv.writer(fh)
                if new:
                    w.writerow(["time", "dir_deg", "mean10_ms", "gust3s_ms"])
                w.writerow([now.isoformat(timespec="seconds"), round(last_dir), f"{mean:.1f}", f"{gust:.1f}"])
            over = mean > limits["mean_ms"] or gust > limits["gust_ms"]
            if over and not stopped:
                log.warning("STOP WORK at height: mean %.1f m/s, gust %.1f m/s", mean, gust)
            elif stopped and not over:
                log.info("wind back under limits: mean %.1f m/s, gust %.1f m/s", mean, gust)
            stopped = over
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
