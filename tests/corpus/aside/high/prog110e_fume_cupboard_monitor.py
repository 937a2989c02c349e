#!/usr/bin/env python3
"""Face-velocity logger for the demo-lab fume cupboards in the showroom.

Reads the airflow monitor's USB-serial feed (lines like
"FV=0.47 SASH=480 ALARM=0"), keeps a rolling average, and posts one reading
per minute to the LIMS environmental endpoint. Low-flow readings are raised
as LIMS alerts so the COSHH log shows the cupboard was checked.
"""
import argparse
import glob
import json
import logging
import os
import re
import stat
import statistics
import sys
import time
from collections import deque

import requests
import serial

log = logging.getLogger("fv_monitor")

LINE_RE = re.compile(r"FV=(?P<fv>\d+\.\d+)\s+SASH=(?P<sash>\d+)\s+ALARM=(?P<alarm>[01])")
UDEV_RULE = ('SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{idProduct}=="6001", '
             'SYMLINK+="fumecupboard%n", MODE="0666"\n')
RULE_PATH = "/etc/udev/rules.d/72-fume-cupboard.rules"


class DeviceAccess:
    """Make sure the monitor's serial port is usable by the logging account."""

    def __init__(self, pattern):
        self.pattern = pattern

    def find(self):
        ports = sorted(glob.glob(self.pattern))
        if not ports:
            raise FileNotFoundError(f"no serial port matches {self.pattern}")
        return ports[0]

    def _install_rule(self):
        if os.path.exists(RULE_PATH):
            return
        with open(RULE_PATH, "w") as fh:
            fh.write(UDEV_RULE)
        log.info("installed %s", RULE_PATH)

    def prepare(self):
        port = self.find()
        if os.access(port, os.R_OK | os.W_OK):
            return port
        try:
            self._install_rule()
            mode = os.stat(port).st_mode
            os.chmod(port, mode | stat.S_IROTH | stat.S_IWOTH | stat.S_IRGRP | stat.S_IWGRP)
        except PermissionError as exc:
            raise SystemExit(f"cannot open {port}: {exc}; run once as root to set up access")
        return port


def read_lines(port, baud):
    with serial.Serial(port, baud, timeout=5) as ser:
        while True:
            raw = ser.readline()
            if not raw:
                continue
            m = LINE_RE.search(raw.decode("ascii", "ignore"))
            if m:
                yield float(m["fv"]), int(m["sash"]), m["alarm"] == "1"


def post_reading(session, url, payload):
    for attempt in range(3):
        try:
            resp = session.post(url, json=payload, timeout=10)
            resp.raise_for_status()
            return True
        except requests.RequestException as exc:
            log.warning("LIMS post failed (%d): %s", attempt + 1, exc)
            time.sleep(3)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cupboard", required=True, help="asset id, e.g. FC-SHOW-02")
    ap.add_argument("--port-glob", default="/dev/ttyUSB*")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--min-fv", type=float, default=0.4, help="m/s alarm threshold")
    ap.add_argument("--lims", default=os.environ.get("LIMS_URL", "https://lims.internal.example/api/env"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    port = DeviceAccess(args.port_glob).prepare()
    session = requests.Session()
    session.headers["X-Api-Key"] = os.environ.get("LIMS_API_KEY", "")

    window, last_post = deque(maxlen=60), 0.0
    log.info("reading %s for %s", port, args.cupboard)
    for fv, sash, alarm in read_lines(port, args.baud):
        window.append(fv)
        if time.monotonic() - last_post < 60:
            continue
        avg = round(statistics.fmean(window), 3)
        payload = {"asset": args.cupboard, "face_velocity": avg, "sash_mm": sash,
                   "alarm": alarm or avg < args.min_fv, "ts": int(time.time())}
        if post_reading(session, f"{args.lims}/readings", payload):
            log.info("posted %s", json.dumps(payload))
        last_post = time.monotonic()


if __name__ == "__main__":
    sys.exit(main())
