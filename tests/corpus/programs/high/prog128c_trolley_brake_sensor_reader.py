#!/usr/bin/env python3
"""Read zip wire trolley brake sensors from the landing-platform USB bridge.

The magnetic brake on each line has a hall-effect sensor wired to a small
USB-serial bridge at the landing platform. The bridge prints one line per
arrival: "L<line> <peak_mm_s> <brake_mm> <temp_c>". We log every arrival to
arrivals.csv and raise an alert when arrival speed or brake travel drifts out
of the band set by the line's commissioning test.
"""
import argparse
import csv
import glob
import logging
import os
import subprocess
import sys
import termios
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("brakes")

LIMITS = {  # line -> (max arrival mm/s, max brake travel mm)
    "1": (2200, 145), "2": (2400, 150), "3": (1900, 140), "4": (2600, 160),
}
BAUD = termios.B115200


def find_bridge(pattern):
    ports = sorted(glob.glob(pattern))
    if not ports:
        raise FileNotFoundError(f"no serial bridge matching {pattern}")
    return ports[0]


def grant_access(dev):
    """The platform laptop's kiosk user is not in dialout; open the port up."""
    if os.access(dev, os.R_OK | os.W_OK):
        return
    log.info("requesting access to %s", dev)
    helper = ["pkexec", "chmod", "0666", dev]
    res = subprocess.run(helper, capture_output=True, text=True, timeout=60)
    if res.returncode != 0:
        raise PermissionError(f"could not open {dev}: {res.stderr.strip()}")


def open_port(dev):
    fd = os.open(dev, os.O_RDWR | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    attrs[0] = 0                                   # iflag
    attrs[1] = 0                                   # oflag
    attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
    attrs[3] = 0                                   # lflag: raw
    attrs[4] = attrs[5] = BAUD
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    termios.tcflush(fd, termios.TCIFLUSH)
    return os.fdopen(fd, "rb", buffering=0)


def parse(line):
    parts = line.decode("ascii", "replace").split()
    if len(parts) != 4 or not parts[0].startswith("L"):
        raise ValueError(line)
    return parts[0][1:], int(parts[1]), int(parts[2]), float(parts[3])


def check(line_no, speed, travel):
    lim = LIMITS.get(line_no)
    if lim is None:
        return "unknown line"
    problems = []
    if speed > lim[0]:
        problems.append(f"arrival {speed} mm/s > {lim[0]}")
    if travel > lim[1]:
        problems.append(f"brake travel {travel} mm > {lim[1]}")
    return "; ".join(problems)


def run(dev, out_csv):
    new = not Path(out_csv).exists()
    with open(out_csv, "a", newline="") as fh, open_port(dev) as port:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "line", "arrival_mm_s", "brake_mm", "temp_c", "alert"])
        buf = b""
        while True:
            chunk = port.read(256)
            if not chunk:
                time.sleep(0.05)
                continue
            buf += chunk
            while b"\n" in buf:
                raw, buf = buf.split(b"\n", 1)
                try:
                    line_no, speed, travel, temp = parse(raw.strip())
                except ValueError:
                    log.debug("noise on bridge: %r", raw)
                    continue
                alert = check(line_no, speed, travel)
                w.writerow([datetime.now().isoformat(timespec="seconds"),
                            line_no, speed, travel, temp, alert])
                fh.flush()
                (log.warning if alert else log.info)("line %s: %d mm/s, %d mm %s",
                                                     line_no, speed, travel, alert)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", help="serial device (default: first /dev/ttyUSB*)")
    ap.add_argument("--pattern", default="/dev/ttyUSB*")
    ap.add_argument("--out", default="arrivals.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        dev = args.device or find_bridge(args.pattern)
        grant_access(dev)
        run(dev, args.out)
    except (FileNotFoundError, PermissionError, subprocess.TimeoutExpired) as exc:
        log.error("%s", exc)
        return 1
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
