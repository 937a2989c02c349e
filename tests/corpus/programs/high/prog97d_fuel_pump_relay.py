#!/usr/bin/env python3
"""Fuel pump enable relay for the club bowser.

The AVGAS pump is wired through a relay on the hangar Raspberry Pi.  A
member enters their member number and pump PIN on the keypad; if the PIN
matches the roster the relay is energised for a few minutes so they can
fuel, then switched off again.  Every enable is appended to pump_events.csv
so the treasurer can reconcile against the uplift log.
"""

import argparse
import csv
import datetime as dt
import hashlib
import hmac
import json
import logging
import signal
import sys
import time
from pathlib import Path

log = logging.getLogger("pumprelay")

GPIO_ROOT = Path("/sys/class/gpio")
EVENTS = Path("pump_events.csv")


class SysfsRelay:
    """Drive one relay channel through the kernel's sysfs GPIO interface."""

    def __init__(self, line, active_low=True):
        self.line = int(line)
        self.active_low = active_low
        self.node = GPIO_ROOT / f"gpio{self.line}"

    def _write(self, path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def setup(self):
        if not self.node.exists():
            self._write(GPIO_ROOT / "export", self.line)
            for _ in range(20):
                if (self.node / "direction").exists():
                    break
                time.sleep(0.05)
        self._write(self.node / "direction", "high" if self.active_low else "low")
        self._write(self.node / "active_low", 0)

    def set(self, on):
        level = (0 if on else 1) if self.active_low else (1 if on else 0)
        self._write(self.node / "value", level)

    def release(self):
        try:
            self.set(False)
            self._write(GPIO_ROOT / "unexport", self.line)
        except OSError as exc:
            log.warning("could not release gpio%d: %s", self.line, exc)


def load_roster(path):
    """roster.json: {"1042": {"name": "...", "salt": "...", "pin_hash": "..."}}"""
    return json.loads(Path(path).read_text())


def check_pin(entry, pin):
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(entry["salt"]), 200_000).hex()
    return hmac.compare_digest(digest, entry["pin_hash"])


def record(member, name, seconds):
    new = not EVENTS.exists()
    with EVENTS.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "member", "name", "enabled_seconds"])
        w.writerow([dt.datetime.now().isoformat(timespec="seconds"), member, name, seconds])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("member")
    ap.add_argument("--pin", help="pump PIN (prompted when omitted)")
    ap.add_argument("--roster", default="roster.json")
    ap.add_argument("--gpio", type=int, default=17, help="BCM line of the relay")
    ap.add_argument("--minutes", type=float, default=8.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        roster = load_roster(args.roster)
    except (OSError, ValueError) as exc:
        log.error("roster unavailable: %s", exc)
        return 2
    entry = roster.get(args.member)
    pin = args.pin
    if pin is None:
        import getpass
        pin = getpass.getpass("Pump PIN: ")
    if not entry or not check_pin(entry, pin):
        log.warning("rejected pump request for member %s", args.member)
        return 1

    relay = SysfsRelay(args.gpio)
    signal.signal(signal.SIGTERM, lambda *_: (relay.release(), sys.exit(0)))
    seconds = int(args.minutes * 60)
    try:
        relay.setup()
        relay.set(True)
        log.info("pump enabled for %s (%s) for %d s", entry["name"], args.member, seconds)
        record(args.member, entry["name"], seconds)
        time.sleep(seconds)
    except PermissionError:
        log.error("no access to %s; is this user in the gpio group?", GPIO_ROOT)
        return 3
    except KeyboardInterrupt:
        log.info("stopped early")
    finally:
        relay.release()
        log.info("pump disabled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
