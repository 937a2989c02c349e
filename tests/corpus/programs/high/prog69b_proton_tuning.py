#!/usr/bin/env python3
"""proton_tuning - check and apply kernel settings that Proton games expect.

Several titles (DayZ, Hogwarts Legacy, CS2 under Proton, Star Citizen)
crash on startup when vm.max_map_count is at the old default of 65530.
SteamOS ships 2147483642; this brings desktop distros in line and reports
on esync file-descriptor limits at the same time.
"""
import argparse
import logging
import os
import resource
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("proton-tuning")

SYSCTL_ROOT = Path("/proc/sys")
DROPIN = Path("/etc/sysctl.d/80-gaming.conf")
ESYNC_MIN_NOFILE = 524288


@dataclass
class Knob:
    key: str
    wanted: int
    why: str

    @property
    def path(self):
        return SYSCTL_ROOT / self.key.replace(".", "/")

    def current(self):
        try:
            return int(self.path.read_text().split()[0])
        except (OSError, ValueError):
            return None

    def satisfied(self, cur):
        return cur >= self.wanted if self.wanted else cur == self.wanted


KNOBS = [
    Knob("vm.max_map_count", 2147483642, "large address-space games under Proton"),
    Knob("kernel.split_lock_mitigate", 0, "stutter in some Unity/UE titles"),
]


def report():
    bad = []
    for knob in KNOBS:
        cur = knob.current()
        if cur is None:
            log.info("%-28s n/a on this kernel", knob.key)
            continue
        good = knob.satisfied(cur)
        log.info("%-28s %-12s %s", knob.key, cur, "ok" if good else f"want {knob.wanted} ({knob.why})")
        if not good:
            bad.append(knob)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    log.info("%-28s soft=%s hard=%s %s", "RLIMIT_NOFILE", soft, hard,
             "ok" if hard >= ESYNC_MIN_NOFILE else "(esync wants >= 524288, use fsync/ntsync instead)")
    return bad


def apply_now(knobs):
    for knob in knobs:
        log.info("setting %s = %s", knob.key, knob.wanted)
        with open(knob.path, "w") as fh:
            fh.write(f"{knob.wanted}\n")


def persist(knobs):
    lines = ["# written by proton-tuning", *(f"{k.key} = {k.wanted}" for k in knobs)]
    existing = DROPIN.read_text().splitlines() if DROPIN.exists() else []
    merged = existing[:] or [lines[0]]
    for line in lines[1:]:
        key = line.split("=")[0].strip()
        merged = [l for l in merged if not l.startswith(key)] + [line]
    DROPIN.write_text("\n".join(merged) + "\n")
    os.chmod(DROPIN, 0o644)
    log.info("saved to %s", DROPIN)


def elevate(argv):
    helper = shutil.which("pkexec") or shutil.which("sudo")
    if not helper:
        log.error("need root to change sysctls; rerun as root")
        return 1
    log.info("asking for administrator rights via %s", os.path.basename(helper))
    os.execv(helper, [helper, sys.executable, os.path.abspath(__file__), *argv])


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report, change nothing")
    ap.add_argument("--no-persist", dest="persist", action="store_false",
                    help="apply until reboot only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    bad = report()
    if args.check or not bad:
        return 0 if not bad else 3
    try:
        apply_now(bad)
        if args.persist:
            persist(bad)
    except PermissionError:
        return elevate(argv)
    log.info("done; restart Steam for the change to be picked up by running games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
