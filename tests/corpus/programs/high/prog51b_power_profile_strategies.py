#!/usr/bin/env python3
"""Apply laptop power profiles (CPU governor, backlight) via strategy objects."""
import argparse
import glob
import logging
from dataclasses import dataclass

log = logging.getLogger("powerprof")

SYSFS_CPU = "/sys/devices/system/cpu"
SYSFS_BACKLIGHT = "/sys/class/backlight"


def sysfs_write(path: str, value) -> bool:
    try:
        with open(path, "w") as fh:
            fh.write(f"{value}\n")
        log.debug("%s <- %s", path, value)
        return True
    except OSError as exc:
        log.warning("cannot write %s: %s", path, exc)
        return False


def sysfs_read(path: str, default=""):
    try:
        with open(path) as fh:
            return fh.read().strip()
    except OSError:
        return default


@dataclass
class Knob:
    name: str

    def apply(self, profile) -> int:
        raise NotImplementedError


class GovernorKnob(Knob):
    def apply(self, profile):
        changed = 0
        for node in sorted(glob.glob(f"{SYSFS_CPU}/cpu[0-9]*/cpufreq/scaling_governor")):
            available = sysfs_read(node.replace("scaling_governor", "scaling_available_governors")).split()
            if profile.governor in available and sysfs_write(node, profile.governor):
                changed += 1
        return changed


class BacklightKnob(Knob):
    def apply(self, profile):
        changed = 0
        for dev in glob.glob(f"{SYSFS_BACKLIGHT}/*"):
            peak = int(sysfs_read(f"{dev}/max_brightness", "0") or 0)
            if peak and sysfs_write(f"{dev}/brightness", peak * profile.brightness_pct // 100):
                changed += 1
        return changed


class TurboKnob(Knob):
    def apply(self, profile):
        node = f"{SYSFS_CPU}/intel_pstate/no_turbo"
        return int(sysfs_write(node, 0 if profile.turbo else 1)) if glob.glob(node) else 0


@dataclass(frozen=True)
class Profile:
    governor: str
    brightness_pct: int
    turbo: bool


PROFILES = {
    "battery": Profile("powersave", 40, False),
    "balanced": Profile("schedutil", 70, True),
    "performance": Profile("performance", 100, True),
}
KNOBS = [GovernorKnob("governor"), BacklightKnob("backlight"), TurboKnob("turbo")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("profile", choices=sorted(PROFILES))
    ap.add_argument("--only", action="append", choices=[k.name for k in KNOBS])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    profile = PROFILES[args.profile]
    for knob in KNOBS:
        if args.only and knob.name not in args.only:
            continue
        log.info("%-10s %d node(s) updated", knob.name, knob.apply(profile))


if __name__ == "__main__":
    main()
