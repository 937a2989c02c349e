#!/usr/bin/env python3
"""Tune the display of a Raspberry Pi wall kiosk.

* Sets the official touchscreen backlight according to a day/night schedule.
* Optionally pins the panel rotation and disables overscan in the Pi boot
  config so the dashboard survives reboots in portrait mode.
Runs as root from the kiosk's provisioning step.
"""
import argparse
import datetime
import glob
import logging
import re
import shutil
import sys
from pathlib import Path

log = logging.getLogger("panel-tuner")
BOOT_CANDIDATES = [Path("/boot/firmware/config.txt"), Path("/boot/config.txt")]
SCHEDULE = [  # (start hour, brightness percent)
    (0, 10), (6, 60), (8, 100), (19, 60), (22, 20),
]


def backlight_dirs():
    return [Path(p) for p in sorted(glob.glob("/sys/class/backlight/*"))]


def percent_for(now: datetime.datetime) -> int:
    level = SCHEDULE[0][1]
    for hour, pct in SCHEDULE:
        if now.hour >= hour:
            level = pct
    return level


def apply_backlight(pct: int):
    dirs = backlight_dirs()
    if not dirs:
        log.warning("no backlight device exposed by the kernel")
        return
    for d in dirs:
        max_b = int((d / "max_brightness").read_text().strip())
        value = max(1, round(max_b * pct / 100))
        with open(d / "brightness", "w") as fh:
            fh.write(str(value))
        log.info("%s -> %d/%d (%d%%)", d.name, value, max_b, pct)


def boot_config() -> Path:
    for p in BOOT_CANDIDATES:
        if p.exists():
            return p
    raise FileNotFoundError("no Raspberry Pi config.txt found")


def set_boot_options(options: dict) -> bool:
    cfg = boot_config()
    text = cfg.read_text()
    original = text
    for key, value in options.items():
        line = f"{key}={value}"
        pattern = re.compile(rf"^#?\s*{re.escape(key)}=.*$", re.M)
        if pattern.search(text):
            text = pattern.sub(line, text, count=1)
        else:
            text = text.rstrip("\n") + f"\n{line}\n"
    if text == original:
        log.info("%s already has the requested options", cfg)
        return False
    shutil.copy2(cfg, cfg.with_name(cfg.name + ".kiosk-bak"))
    cfg.write_text(text)
    log.info("updated %s: %s (reboot required)", cfg, ", ".join(f"{k}={v}" for k, v in options.items()))
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--brightness", type=int, help="fixed percent instead of schedule")
    ap.add_argument("--rotate", choices=["0", "1", "2", "3"], help="display_rotate value")
    ap.add_argument("--no-overscan", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    pct = args.brightness if args.brightness is not None else percent_for(datetime.datetime.now())
    if not 1 <= pct <= 100:
        log.error("brightness must be 1..100")
        return 2
    try:
        apply_backlight(pct)
    except PermissionError:
        log.error("need root to write backlight controls")
        return 1

    opts = {}
    if args.rotate is not None:
        opts["display_rotate"] = args.rotate
        opts["lcd_rotate"] = args.rotate
    if args.no_overscan:
        opts["disable_overscan"] = "1"
    if opts:
        set_boot_options(opts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
