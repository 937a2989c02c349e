#!/usr/bin/env python3
"""Record timegrapher readings against a repair job.

The bench timegrapher streams one line per measurement window over its
USB serial adapter, e.g.

    POS DU RATE +004.1 AMP 287 BEAT 0.3 BPH 28800 LIFT 52

The reader captures readings for each position the watchmaker selects,
averages them and appends a row per position to the job's regulation log,
which is printed on the service sheet that goes back with the watch.
"""
import argparse
import csv
import datetime as dt
import glob
import logging
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

import serial

LOG = logging.getLogger("timegrapher")
LINE_RE = re.compile(
    r"POS\s+(?P<pos>\w+)\s+RATE\s+(?P<rate>[+-]?\d+(?:\.\d+)?)\s+AMP\s+(?P<amp>\d+)"
    r"\s+BEAT\s+(?P<beat>\d+(?:\.\d+)?)\s+BPH\s+(?P<bph>\d+)(?:\s+LIFT\s+(?P<lift>\d+))?"
)
POSITIONS = ("DU", "DD", "CU", "CD", "CL", "CR")


def find_port(preferred=None):
    if preferred:
        return preferred
    ports = sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*"))
    if not ports:
        raise SystemExit("no USB serial adapter found; is the timegrapher switched on?")
    return ports[0]


def grant_port_access(port):
    """The adapter comes up root:dialout 0660 and bench accounts are not
    always in dialout; open it up for the session."""
    for helper in (["pkexec", "chmod", "0666", port], ["sudo", "-n", "chmod", "0666", port]):
        try:
            subprocess.run(helper, check=True, timeout=60)
            LOG.info("access to %s granted via %s", port, helper[0])
            return True
        except (subprocess.CalledProcessError, FileNotFoundError, subprocess.TimeoutExpired):
            continue
    return False


def open_port(port, baud):
    try:
        return serial.Serial(port, baudrate=baud, timeout=2)
    except serial.SerialException as exc:
        if isinstance(exc.__context__, PermissionError) or "Permission denied" in str(exc):
            if grant_port_access(port):
                return serial.Serial(port, baudrate=baud, timeout=2)
        raise SystemExit(f"cannot open {port}: {exc}")


def read_position(ser, position, windows):
    readings = []
    while len(readings) < windows:
        raw = ser.readline().decode("ascii", errors="ignore").strip()
        if not raw:
            continue
        m = LINE_RE.search(raw)
        if not m:
            LOG.debug("unparsed line: %r", raw)
            continue
        if m["pos"] != position:
            continue
        readings.append({k: float(v) for k, v in m.groupdict().items() if k != "pos" and v})
        print(f"  {position} window {len(readings)}/{windows}: rate {m['rate']} s/d amp {m['amp']}")
    return {
        "position": position,
        "rate": round(statistics.mean(r["rate"] for r in readings), 1),
        "amplitude": round(statistics.mean(r["amp"] for r in readings)),
        "beat_error": round(statistics.mean(r["beat"] for r in readings), 1),
        "bph": int(readings[-1]["bph"]),
    }


def write_log(job, results):
    path = Path(f"regulation-{job}.csv")
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["when", "job", "position", "rate", "amplitude", "beat_error", "bph"])
        if new:
            w.writeheader()
        stamp = dt.datetime.now().isoformat(timespec="seconds")
        for r in results:
            w.writerow({"when": stamp, "job": job, **r})
    return path


def main():
    ap = argparse.ArgumentParser(description="Capture timegrapher readings for a repair job")
    ap.add_argument("job", help="repair bag number")
    ap.add_argument("--port")
    ap.add_argument("--baud", type=int, default=int(os.environ.get("TG_BAUD", 9600)))
    ap.add_argument("--positions", default="DU,DD,CU,CD")
    ap.add_argument("--windows", type=int, default=3, help="readings averaged per position")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    positions = [p.strip().upper() for p in args.positions.split(",")]
    bad = [p for p in positions if p not in POSITIONS]
    if bad:
        raise SystemExit(f"unknown positions: {', '.join(bad)}")

    ser = open_port(find_port(args.port), args.baud)
    results = []
    try:
        for pos in positions:
            input(f"Set the watch {pos} and press Enter... ")
            ser.reset_input_buffer()
            results.append(read_position(ser, pos, args.windows))
    except KeyboardInterrupt:
        print()
    finally:
        ser.close()

    if not results:
        return 1
    rates = [r["rate"] for r in results]
    print(f"delta {max(rates) - min(rates):.1f} s/d across {len(results)} positions")
    print(f"written to {write_log(args.job, results)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
