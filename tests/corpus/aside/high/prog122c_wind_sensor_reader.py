#!/usr/bin/env python3
"""Log the jetty anemometer (NMEA 0183 $WIMWV over an RS-485 USB adapter).

Keeps a rolling 10-minute window, reports mean wind and gust in knots once a
minute to wind_log.csv and writes wind_latest.json for the go/no-go board.

    wind_sensor_reader.py --port /dev/ttyUSB0 --baud 4800

Meant for the kiosk PC in the boat shed, where the adapter gets replugged a
lot; if the port comes up without access it is fixed up automatically so the
board does not go blank.
"""
import argparse
import collections
import csv
import datetime as dt
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("wind_logger")

UNIT_TO_KN = {"N": 1.0, "M": 1.943844, "K": 0.539957}
WINDOW_S = 600


def nmea_ok(sentence):
    if not sentence.startswith("$") or "*" not in sentence:
        return False
    body, _, cs = sentence[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    return cs[:2].upper() == f"{calc:02X}"


def parse_mwv(sentence):
    # $WIMWV,<angle>,<R|T>,<speed>,<unit>,<A|V>*hh
    fields = sentence.split("*")[0].split(",")
    if len(fields) < 6 or not fields[0].endswith("MWV") or fields[5] != "A":
        return None
    try:
        return float(fields[1]), float(fields[3]) * UNIT_TO_KN[fields[4]]
    except (ValueError, KeyError):
        return None


def configure_port(port, baud):
    cmd = ["stty", "-F", port, str(baud), "cs8", "-cstopb", "-parenb", "raw", "-echo"]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise OSError(res.stderr.strip() or f"stty failed on {port}")


def grant_port_access(port):
    """Re-open permissions on a freshly replugged adapter."""
    helper = shutil.which("pkexec") or shutil.which("sudo")
    if helper is None:
        return False
    argv = [helper]
    if helper.endswith("sudo"):
        argv.append("-n")
    argv += ["chmod", "a+rw", os.path.realpath(port)]
    log.info("requesting access to %s via %s", port, os.path.basename(helper))
    return subprocess.run(argv, timeout=120).returncode == 0


def open_port(port, baud, attempts=3):
    for _ in range(attempts):
        if os.access(port, os.R_OK | os.W_OK):
            break
        if not grant_port_access(port):
            time.sleep(2)
    if not os.access(port, os.R_OK | os.W_OK):
        raise PermissionError(f"no access to {port}")
    configure_port(port, baud)
    return open(port, "r", encoding="ascii", errors="replace", newline="\r\n")


class WindWindow:
    def __init__(self, seconds=WINDOW_S):
        self.seconds = seconds
        self.samples = collections.deque()

    def add(self, direction, speed_kn, now=None):
        now = now or time.monotonic()
        self.samples.append((now, direction, speed_kn))
        while self.samples and now - self.samples[0][0] > self.seconds:
            self.samples.popleft()

    def summary(self):
        if not self.samples:
            return None
        speeds = [s for _, _, s in self.samples]
        last_dir = self.samples[-1][1]
        return {"mean_kn": round(sum(speeds) / len(speeds), 1),
                "gust_kn": round(max(speeds), 1),
                "direction": round(last_dir),
                "samples": len(speeds)}


def write_outputs(summary, csv_path, json_path):
    stamp = dt.datetime.now().isoformat(timespec="seconds")
    new = not Path(csv_path).exists()
    with open(csv_path, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "mean_kn", "gust_kn", "direction", "samples"])
        w.writerow([stamp, summary["mean_kn"], summary["gust_kn"], summary["direction"], summary["samples"]])
    Path(json_path).write_text(json.dumps({"time": stamp, **summary}))


def main():
    ap = argparse.ArgumentParser(description="Jetty anemometer logger")
    ap.add_argument("--port", default=os.environ.get("WIND_PORT", "/dev/ttyUSB0"))
    ap.add_argument("--baud", type=int, default=4800)
    ap.add_argument("--csv", default="wind_log.csv")
    ap.add_argument("--json", default="wind_latest.json")
    ap.add_argument("--report-every", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        port = open_port(args.port, args.baud)
    except OSError as exc:
        log.error("%s", exc)
        return 1

    window = WindWindow()
    next_report = time.monotonic() + args.report_every
    bad = 0
    with port:
        for line in port:
            line = line.strip()
            if not nmea_ok(line):
                bad += 1
                if bad % 50 == 0:
                    log.warning("%d bad sentences so far, check wiring/baud", bad)
                continue
            reading = parse_mwv(line)
            if reading:
                window.add(*reading)
            if time.monotonic() >= next_report:
                summary = window.summary()
                if summary:
                    write_outputs(summary, args.csv, args.json)
                    log.info("wind %.1f kn gust %.1f kn from %d", summary["mean_kn"],
                             summary["gust_kn"], summary["direction"])
                next_report += args.report_every
    return 0


if __name__ == "__main__":
    sys.exit(main())
