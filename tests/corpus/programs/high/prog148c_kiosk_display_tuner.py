#!/usr/bin/env python3
"""Tune the menu-screen kiosks for all-day display.

Sets the backlight to a level that suits the time of day, lowers swappiness so
the slideshow stays responsive, and restarts the display manager if the
slideshow has frozen. Runs as a periodic job on each kiosk.
"""
import argparse
import glob
import logging
import os
import subprocess
import time
from datetime import datetime

log = logging.getLogger("kiosk_tuner")

PROFILE = {
    "day": {"brightness_pct": 100, "hours": range(9, 18)},
    "evening": {"brightness_pct": 70, "hours": range(18, 24)},
    "closed": {"brightness_pct": 10, "hours": range(0, 9)},
}
KERNEL_TWEAKS = {
    "vm/swappiness": "10",
    "vm/dirty_ratio": "15",
    "kernel/printk": "3 3 3 3",
}
HEARTBEAT = "slideshow.heartbeat"
SERVICE = "light" + "dm"


class Backlight:
    def __init__(self, base="/sys/class/backlight"):
        devices = sorted(glob.glob(os.path.join(base, "*")))
        self.dev = devices[0] if devices else None

    def _read(self, name):
        with open(os.path.join(self.dev, name)) as fh:
            return int(fh.read().strip())

    def set_percent(self, pct):
        if not self.dev:
            log.warning("no backlight device")
            return
        maximum = self._read("max_brightness")
        value = max(1, int(maximum * pct / 100))
        with open(os.path.join(self.dev, "brightness"), "w") as fh:
            fh.write(str(value))
        log.info("backlight %s -> %d/%d", os.path.basename(self.dev), value, maximum)


def current_profile(now=None):
    hour = (now or datetime.now()).hour
    for name, prof in PROFILE.items():
        if hour in prof["hours"]:
            return name, prof
    return "day", PROFILE["day"]


def apply_kernel_tweaks(dry_run):
    root = os.path.join("/proc", "sys")
    for key, val in KERNEL_TWEAKS.items():
        path = os.path.join(root, key)
        if dry_run:
            log.info("would set %s = %s", path, val)
            continue
        try:
            with open(path, "w") as fh:
                fh.write(val)
        except OSError as exc:
            log.error("cannot set %s: %s", key, exc)


def slideshow_stale(max_age):
    try:
        age = time.time() - os.path.getmtime(HEARTBEAT)
    except FileNotFoundError:
        return True
    return age > max_age


def restart_display():
    cmd = ["system" + "ctl", "restart", SERVICE]
    log.warning("slideshow stale, running: %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("restart failed: %s", result.stderr.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--max-age", type=int, default=180, help="heartbeat age before restart")
    ap.add_argument("--skip-kernel", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    name, prof = current_profile()
    log.info("profile: %s", name)
    if not args.dry_run:
        Backlight().set_percent(prof["brightness_pct"])
    if not args.skip_kernel:
        apply_kernel_tweaks(args.dry_run)
    if slideshow_stale(args.max_age) and not args.dry_run:
        restart_display()


if __name__ == "__main__":
    main()
