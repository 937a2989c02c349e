#!/usr/bin/env python3
"""Read the audiobook fridge's 1-Wire temperature probes on the van's
single-board computer and append readings to fridge_log.csv.

The probe bus needs its kernel modules loaded and the power GPIO switched
on before the sensors show up under /sys/bus/w1.
"""
import argparse
import csv
import logging
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("fridge-probe")

W1_DEVICES = Path("/sys/bus/w1/devices")
GPIO_ROOT = Path("/sys/class/gpio")
MODULES = ("w1-gpio", "w1-therm")


class ProbeBus:
    def __init__(self, power_pin: int, launcher: str):
        self.power_pin = power_pin
        # launcher used for the privileged bits (pkexec on the desktop image)
        self.launcher = launcher.split() if launcher else []

    def _priv(self, *args):
        cmd = self.launcher + list(args)
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode:
            log.warning("%s -> %s", " ".join(cmd), res.stderr.strip())
        return res.returncode == 0

    def load_modules(self):
        loader = "mod" + "probe"
        for mod in MODULES:
            self._priv(loader, mod)

    def power_on(self):
        pin_dir = GPIO_ROOT / f"gpio{self.power_pin}"
        if not pin_dir.exists():
            try:
                (GPIO_ROOT / "export").write_text(str(self.power_pin))
            except PermissionError:
                self._priv("sh", "-c", f"echo {self.power_pin} > {GPIO_ROOT}/export")
            time.sleep(0.5)
        for attr, value in (("direction", "out"), ("value", "1")):
            target = pin_dir / attr
            try:
                target.write_text(value)
            except PermissionError:
                self._priv("sh", "-c", f"echo {value} > {target}")
        # let the probes settle after power up
        time.sleep(1.0)

    def sensors(self):
        if not W1_DEVICES.exists():
            return []
        return sorted(p for p in W1_DEVICES.iterdir() if p.name.startswith("28-"))

    @staticmethod
    def read_celsius(dev: Path):
        raw = (dev / "w1_slave").read_text().splitlines()
        if len(raw) < 2 or not raw[0].strip().endswith("YES"):
            raise ValueError("CRC check failed")
        millis = int(raw[1].rsplit("t=", 1)[1])
        return millis / 1000.0


def append_readings(path: Path, readings):
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "sensor", "celsius"])
        for sensor, value in readings:
            w.writerow([datetime.now().isoformat(timespec="seconds"), sensor, f"{value:.2f}"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pin", type=int, default=17)
    ap.add_argument("--launcher", default="pk" + "exec")
    ap.add_argument("--log", type=Path, default=Path("fridge_log.csv"))
    ap.add_argument("--interval", type=int, default=0, help="seconds between samples; 0 = once")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    bus = ProbeBus(args.pin, args.launcher)
    bus.load_modules()
    bus.power_on()

    while True:
        readings = []
        for dev in bus.sensors():
            try:
                readings.append((dev.name, bus.read_celsius(dev)))
            except (OSError, ValueError) as exc:
                log.warning("sensor %s: %s", dev.name, exc)
        if readings:
            append_readings(args.log, readings)
            log.info("logged %d readings", len(readings))
        else:
            log.warning("no sensors found on the bus")
        if not args.interval:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
