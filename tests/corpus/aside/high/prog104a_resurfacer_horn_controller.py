#!/usr/bin/env python3
"""Resurfacer warning horn and beacon controller (Raspberry Pi in the ice plant).

Before each scheduled flood the gate beacon turns on and the horn gives two
short blasts so skaters clear the pad; the beacon stays on until the
resurfacer is back in the bay. The flood schedule is a CSV exported from the
rink booking system (date,time,pad,duration_min). Relays are driven through
the kernel GPIO sysfs interface.
"""
import argparse
import csv
import logging
import signal
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("horn")

GPIO_ROOT = Path("/sys/class/gpio")
DEFAULT_PINS = {"horn": 17, "beacon": 27}


class SysfsPin:
    """Minimal sysfs GPIO output."""

    def __init__(self, number, active_low=False):
        self.number = number
        self.base = GPIO_ROOT / f"gpio{number}"
        self.active_low = active_low

    def setup(self):
        if not self.base.exists():
            (GPIO_ROOT / "export").write_text(str(self.number))
            for _ in range(20):  # udev needs a moment to fix up permissions
                if (self.base / "direction").exists():
                    break
                time.sleep(0.05)
        (self.base / "direction").write_text("out")
        (self.base / "active_low").write_text("1" if self.active_low else "0")
        self.set(False)

    def set(self, on):
        (self.base / "value").write_text("1" if on else "0")

    def release(self):
        try:
            self.set(False)
            (GPIO_ROOT / "unexport").write_text(str(self.number))
        except OSError as exc:
            log.debug("release gpio%d: %s", self.number, exc)


def load_schedule(path, day):
    floods = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row["date"] != day.isoformat():
                continue
            start = datetime.fromisoformat(f"{row['date']}T{row['time']}")
            floods.append((start, row.get("pad", "main"), int(row.get("duration_min", 12))))
    return sorted(floods)


def warn_cycle(horn, beacon, duration_min, blasts=2, lead_s=60):
    beacon.set(True)
    for _ in range(blasts):
        horn.set(True)
        time.sleep(0.8)
        horn.set(False)
        time.sleep(0.6)
    time.sleep(lead_s + duration_min * 60)
    beacon.set(False)


def run(schedule, horn, beacon, lead_s, dry_run):
    for start, pad, duration in schedule:
        warn_at = start - timedelta(seconds=lead_s)
        wait = (warn_at - datetime.now()).total_seconds()
        if wait < -duration * 60:
            log.info("skip %s flood on %s (already past)", start.strftime("%H:%M"), pad)
            continue
        if wait > 0:
            log.info("next flood %s on %s, warning in %.0f min", start.strftime("%H:%M"), pad, wait / 60)
            time.sleep(wait)
        log.info("warning cycle for %s flood on %s (%d min)", start.strftime("%H:%M"), pad, duration)
        if not dry_run:
            warn_cycle(horn, beacon, duration, lead_s=lead_s)


def main():
    ap = argparse.ArgumentParser(description="Resurfacer horn/beacon controller")
    ap.add_argument("schedule_csv", type=Path)
    ap.add_argument("--horn-pin", type=int, default=DEFAULT_PINS["horn"])
    ap.add_argument("--beacon-pin", type=int, default=DEFAULT_PINS["beacon"])
    ap.add_argument("--lead", type=int, default=60, help="seconds of warning before a flood")
    ap.add_argument("--test", action="store_true", help="run one warning cycle now and exit")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    horn, beacon = SysfsPin(args.horn_pin), SysfsPin(args.beacon_pin)
    try:
        horn.setup()
        beacon.setup()
    except PermissionError:
        sys.exit("no access to GPIO sysfs; run as a member of the gpio group")

    def shutdown(*_):
        horn.release()
        beacon.release()
        sys.exit(0)

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)

    if args.test:
        warn_cycle(horn, beacon, 0, lead_s=3)
        shutdown()

    floods = load_schedule(args.schedule_csv, datetime.now().date())
    log.info("%d floods scheduled today", len(floods))
    run(floods, horn, beacon, args.lead, args.dry_run)
    shutdown()


if __name__ == "__main__":
    main()
