#!/usr/bin/env python3
"""Apply named brightness profiles (day / evening / presentation) to every
backlight and keyboard LED device the kernel exposes.

Profiles are read from ./profiles.toml-like INI file; values are percentages.
"""
import argparse
import configparser
import errno
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("backlight")

SYSFS_CLASSES = {
    "panel": Path("/sys/class/backlight"),
    "keyboard": Path("/sys/class/leds"),
}
BUILTIN = {
    "day": {"panel": 90, "keyboard": 0},
    "evening": {"panel": 35, "keyboard": 20},
    "presentation": {"panel": 100, "keyboard": 0},
}


def devices(kind: str):
    base = SYSFS_CLASSES[kind]
    if not base.is_dir():
        return
    for entry in sorted(base.iterdir()):
        if kind == "keyboard" and "kbd_backlight" not in entry.name:
            continue
        if (entry / "max_brightness").exists():
            yield entry


def read_int(p: Path) -> int:
    return int(p.read_text().strip())


def set_level(dev: Path, percent: int) -> int:
    maximum = read_int(dev / "max_brightness")
    raw = max(0, min(maximum, round(maximum * percent / 100)))
    fd = os.open(dev / "brightness", os.O_WRONLY)
    try:
        os.write(fd, f"{raw}\n".encode())
    finally:
        os.close(fd)
    return raw


def load_profiles(path: Path) -> dict:
    profiles = {k: dict(v) for k, v in BUILTIN.items()}
    if path.exists():
        cp = configparser.ConfigParser()
        cp.read(path)
        for section in cp.sections():
            profiles[section] = {k: cp.getint(section, k) for k in cp[section]}
    return profiles


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("profile", nargs="?", default="day")
    ap.add_argument("--config", type=Path, default=Path("backlight.ini"))
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    profiles = load_profiles(args.config)
    if args.list:
        for name, vals in profiles.items():
            print(name, vals)
        return 0
    if args.profile not in profiles:
        log.error("unknown profile %s (have: %s)", args.profile, ", ".join(profiles))
        return 2

    wanted = profiles[args.profile]
    changed = 0
    for kind, percent in wanted.items():
        if kind not in SYSFS_CLASSES:
            log.warning("ignoring unknown device kind %s", kind)
            continue
        for dev in devices(kind):
            try:
                raw = set_level(dev, int(percent))
                changed += 1
                log.info("%-28s -> %3d%% (raw %d)", dev.name, percent, raw)
            except OSError as exc:
                if exc.errno in (errno.EACCES, errno.EPERM):
                    log.error("%s: permission denied (need udev rule or root)", dev)
                else:
                    log.error("%s: %s", dev, exc)
    return 0 if changed else 1


if __name__ == "__main__":
    sys.exit(main())
