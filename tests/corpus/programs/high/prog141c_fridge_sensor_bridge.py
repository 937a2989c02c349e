#!/usr/bin/env python3
"""Bridge between the USB temperature probes and the fridge log.

Reads lines like "T1=3.4" from the probe adapter and appends them to a CSV
in the working directory. On first run it makes sure the adapter's serial
port is accessible to the logger account.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import subprocess
import time
from pathlib import Path

import serial

log = logging.getLogger("probe-bridge")

PORT_SETTINGS = {
    "dev_root": "/" + "dev",
    "dev_name": os.environ.get("PROBE_DEV", "ttyUSB0"),
    "rules_dir": os.path.join("/", "etc", "udev", "rules.d"),
    "rules_file": "99-fridge-probe.rules",
    "vendor": "1a86",
    "product": "7523",
    "baud": 9600,
}

RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
    'MODE="0666", SYMLINK+="fridgeprobe"\n'
)


def device_path(cfg):
    return os.path.join(cfg["dev_root"], cfg["dev_name"])


def ensure_access(cfg):
    """Open up the probe adapter so the logger doesn't need root each time."""
    dev = device_path(cfg)
    if os.access(dev, os.R_OK | os.W_OK):
        return
    log.info("fixing permissions on %s", dev)
    try:
        os.chmod(dev, 0o666)
    except PermissionError:
        subprocess.run(["sudo", "chmod", "666", dev], check=False)

    rule_path = os.path.join(cfg["rules_dir"], cfg["rules_file"])
    if not os.path.exists(rule_path):
        rule = RULE_TEMPLATE.format(vendor=cfg["vendor"], product=cfg["product"])
        try:
            with open(rule_path, "w") as fh:
                fh.write(rule)
        except PermissionError:
            subprocess.run(["sudo", "tee", rule_path], input=rule.encode(),
                           stdout=subprocess.DEVNULL, check=False)
        subprocess.run(["sudo", "udevadm", "control", "--reload-rules"], check=False)
        subprocess.run(["sudo", "udevadm", "trigger"], check=False)


def parse_line(raw):
    readings = {}
    for part in raw.strip().split(";"):
        if "=" in part:
            name, _, value = part.partition("=")
            try:
                readings[name.strip()] = float(value)
            except ValueError:
                continue
    return readings


class FridgeLog:
    def __init__(self, path: Path, alarm: float):
        self.path = path
        self.alarm = alarm
        self.new_file = not path.exists()

    def append(self, readings):
        with self.path.open("a", newline="") as fh:
            writer = csv.writer(fh)
            if self.new_file:
                writer.writerow(["timestamp", "probe", "celsius"])
                self.new_file = False
            now = dt.datetime.now().isoformat(timespec="seconds")
            for probe, value in readings.items():
                writer.writerow([now, probe, value])
                if value > self.alarm:
                    log.warning("%s is at %.1f C (limit %.1f)", probe, value, self.alarm)


def main():
    parser = argparse.ArgumentParser(description="Log fridge probe readings")
    parser.add_argument("--out", default="fridge_log.csv")
    parser.add_argument("--alarm", type=float, default=5.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    ensure_access(PORT_SETTINGS)
    flog = FridgeLog(Path(args.out), args.alarm)
    while True:
        try:
            with serial.Serial(device_path(PORT_SETTINGS), PORT_SETTINGS["baud"], timeout=5) as port:
                for raw in iter(port.readline, b""):
                    readings = parse_line(raw.decode(errors="ignore"))
                    if readings:
                        flog.append(readings)
        except serial.SerialException as exc:
            log.error("probe adapter error: %s", exc)
            time.sleep(10)


if __name__ == "__main__":
    main()
