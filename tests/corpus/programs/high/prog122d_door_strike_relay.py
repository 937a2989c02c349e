#!/usr/bin/env python3
"""Open the side door's electric strike for members with a valid fob.

Runs on the Pi next to the side door. Fob IDs arrive from the 125 kHz reader
on a USB-serial port; valid fobs come from the access list the booking
system publishes (refreshed every few minutes and cached to
./access_list.json so the door still works when the internet is down). The
strike sits on a relay driven by a GPIO pin.

    prog122d_door_strike_relay.py --serial /dev/ttyUSB0 --gpio 17 --pulse 4
"""
import argparse
import json
import logging
import os
import sys
import threading
import time
from pathlib import Path

import requests
import serial

log = logging.getLogger("strike")

ACCESS_URL = os.environ.get("ACCESS_LIST_URL",
                            "https://api.ringside-bookings.com/v1/sites/southside/access-list")
CACHE = Path("access_list.json")
GPIO_ROOT = Path("/sys/class/gpio")


class Relay:
    """Minimal sysfs GPIO driver for the strike relay."""

    def __init__(self, pin, active_low=True):
        self.pin = pin
        self.active_low = active_low
        self.dir = GPIO_ROOT / f"gpio{pin}"

    def _write(self, path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def setup(self):
        if not self.dir.exists():
            self._write(GPIO_ROOT / "export", self.pin)
            for _ in range(20):  # udev needs a moment to create the node
                if (self.dir / "direction").exists():
                    break
                time.sleep(0.05)
        self._write(self.dir / "direction", "high" if self.active_low else "low")

    def set(self, on):
        level = (0 if on else 1) if self.active_low else (1 if on else 0)
        self._write(self.dir / "value", level)

    def pulse(self, seconds):
        self.set(True)
        try:
            time.sleep(seconds)
        finally:
            self.set(False)

    def release(self):
        try:
            self.set(False)
            self._write(GPIO_ROOT / "unexport", self.pin)
        except OSError:
            pass


class AccessList:
    def __init__(self, token, refresh=300):
        self.token = token
        self.refresh = refresh
        self.allowed = set()
        self.lock = threading.Lock()
        if CACHE.exists():
            self._load(json.loads(CACHE.read_text()))

    def _load(self, data):
        with self.lock:
            self.allowed = {f["fob"].upper() for f in data.get("fobs", []) if f.get("active")}

    def refresher(self):
        while True:
            try:
                r = requests.get(ACCESS_URL, headers={"Authorization": f"Bearer {self.token}"},
                                 timeout=15)
                r.raise_for_status()
                data = r.json()
                self._load(data)
                CACHE.write_text(json.dumps(data))
                os.chmod(CACHE, 0o600)
                log.info("access list refreshed: %d fobs", len(self.allowed))
            except (requests.RequestException, ValueError) as exc:
                log.warning("refresh failed, keeping %d cached fobs: %s", len(self.allowed), exc)
            time.sleep(self.refresh)

    def permits(self, fob):
        with self.lock:
            return fob.upper() in self.allowed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Fob-controlled door strike")
    ap.add_argument("--serial", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--gpio", type=int, default=17)
    ap.add_argument("--pulse", type=float, default=4.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("ACCESS_LIST_TOKEN")
    if not token:
        log.error("ACCESS_LIST_TOKEN not set")
        return 2

    access = AccessList(token)
    threading.Thread(target=access.refresher, daemon=True).start()
    relay = Relay(args.gpio)
    relay.setup()
    try:
        with serial.Serial(args.serial, args.baud, timeout=1) as reader:
            while True:
                fob = reader.readline().decode("ascii", "ignore").strip().strip("\x02\x03")
                if not fob:
                    continue
                if access.permits(fob):
                    log.info("fob %s: open", fob)
                    relay.pulse(args.pulse)
                else:
                    log.info("fob %s: denied", fob)
    except KeyboardInterrupt:
        pass
    except serial.SerialException as exc:
        log.error("reader error: %s", exc)
        return 1
    finally:
        relay.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
