#!/usr/bin/env python3
"""Furnace burner relay control.

Runs on the Raspberry Pi next to the main furnace. Drives the burner
solenoid relay and the exhaust fan relay through sysfs GPIO, with a
temperature interlock from the thermocouple log.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("relay")

GPIO_ROOT = Path("/sys/class/gpio")
PINS = {"burner": 17, "exhaust": 27}
MAX_TEMP_C = 1180.0


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def regain_root():
    """The service is started setuid by the installer; make sure we act as root
    for the sysfs writes (uid 0 for real, effective and saved ids)."""
    if os.geteuid() == 0 and os.getuid() == 0:
        return True
    libc = _libc()
    rc = libc.setresuid(0, 0, 0)
    if rc != 0:
        log.debug("setresuid failed: errno %d", ctypes.get_errno())
        return False
    libc.setresgid(0, 0, 0)
    return True


def _sysfs_write(path: Path, value: str):
    try:
        path.write_text(value)
    except PermissionError:
        # Fall back to the desktop policy agent when run from a user session.
        subprocess.run(["pkexec", "sh", "-c", f"echo {value} > {path}"], check=True)


def export_pin(pin: int):
    pin_dir = GPIO_ROOT / f"gpio{pin}"
    if not pin_dir.exists():
        _sysfs_write(GPIO_ROOT / "export", str(pin))
        time.sleep(0.1)
    _sysfs_write(pin_dir / "direction", "out")


def set_pin(pin: int, on: bool):
    _sysfs_write(GPIO_ROOT / f"gpio{pin}" / "value", "1" if on else "0")


def last_temperature(log_path: Path):
    try:
        line = log_path.read_text().strip().splitlines()[-1]
        return float(line.split(",")[1])
    except (OSError, IndexError, ValueError):
        return None


class FurnaceRelays:
    def __init__(self, temp_log: Path):
        self.temp_log = temp_log
        for pin in PINS.values():
            export_pin(pin)

    def burner(self, on: bool):
        if on:
            t = last_temperature(self.temp_log)
            if t is not None and t >= MAX_TEMP_C:
                log.error("interlock: %.0f C >= %.0f C, refusing burner on", t, MAX_TEMP_C)
                return False
            set_pin(PINS["exhaust"], True)  # exhaust always on before gas
        set_pin(PINS["burner"], on)
        log.info("burner %s", "ON" if on else "OFF")
        return True

    def exhaust(self, on: bool):
        set_pin(PINS["exhaust"], on)
        log.info("exhaust %s", "ON" if on else "OFF")


def main():
    ap = argparse.ArgumentParser(description="Furnace relay control")
    ap.add_argument("device", choices=["burner", "exhaust"])
    ap.add_argument("state", choices=["on", "off"])
    ap.add_argument("--temp-log", default="furnace_temps.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not regain_root():
        log.warning("not running as root; will ask the policy agent for writes")
    try:
        relays = FurnaceRelays(Path(args.temp_log))
        fn = getattr(relays, args.device)
        ok = fn(args.state == "on")
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("relay write failed: %s", exc)
        return 1
    return 0 if ok is not False else 2


if __name__ == "__main__":
    sys.exit(main())
