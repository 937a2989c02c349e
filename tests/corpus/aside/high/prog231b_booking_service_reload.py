#!/usr/bin/env python3
"""
booking_service_reload.py - validate and apply a new booking-service config.

The instrument booking web service (chem-booking.service) reads
booking.toml at start-up.  Facility staff edit the file in the working copy
of the config repository; this tool validates it, reports what changed, and
restarts the service so the new rules (slot lengths, group quotas, blackout
dates) take effect.

Usage:
    python3 booking_service_reload.py [--config booking.toml] [--no-restart]
"""

import argparse
import datetime
import difflib
import logging
import os
import shutil
import subprocess
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("booking-reload")

SERVICE = "chem-booking.service"
REQUIRED_SECTIONS = ("service", "slots", "quotas")
LAST_APPLIED = "booking.toml.applied"


class ConfigError(Exception):
    pass


def validate(cfg):
    for section in REQUIRED_SECTIONS:
        if section not in cfg:
            raise ConfigError(f"missing section [{section}]")
    slot = cfg["slots"].get("length_minutes")
    if not isinstance(slot, int) or not 15 <= slot <= 480:
        raise ConfigError("slots.length_minutes must be an integer between 15 and 480")
    for group, hours in cfg["quotas"].items():
        if not isinstance(hours, (int, float)) or hours < 0:
            raise ConfigError(f"quota for {group} must be a non-negative number")
    for day in cfg.get("blackout", {}).get("dates", []):
        try:
            datetime.date.fromisoformat(str(day))
        except ValueError as exc:
            raise ConfigError(f"bad blackout date {day!r}") from exc


def show_diff(path):
    if not os.path.exists(LAST_APPLIED):
        LOG.info("no previously applied config recorded")
        return
    with open(LAST_APPLIED, encoding="utf-8") as old, open(path, encoding="utf-8") as new:
        diff = list(difflib.unified_diff(old.readlines(), new.readlines(),
                                         fromfile="applied", tofile="new"))
    if diff:
        LOG.info("changes since last apply:\n%s", "".join(diff))
    else:
        LOG.info("config unchanged since last apply")


def run(cmd):
    LOG.debug("running: %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def restart_service():
    result = run(["sudo", "systemctl", "restart", SERVICE])
    if result.returncode != 0:
        LOG.error("restart failed: %s", result.stderr.strip())
        return False
    status = run(["systemctl", "is-active", SERVICE])
    state = status.stdout.strip()
    LOG.info("%s is %s", SERVICE, state)
    return state == "active"


def parse_args():
    p = argparse.ArgumentParser(description="Validate and apply booking service config")
    p.add_argument("--config", default="booking.toml")
    p.add_argument("--no-restart", action="store_true", help="validate only")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        with open(args.config, "rb") as fh:
            cfg = tomllib.load(fh)
        validate(cfg)
    except (OSError, tomllib.TOMLDecodeError, ConfigError) as exc:
        LOG.error("config rejected: %s", exc)
        return 1
    LOG.info("config %s is valid", args.config)
    show_diff(args.config)

    if args.no_restart:
        return 0
    if not restart_service():
        return 2
    shutil.copyfile(args.config, LAST_APPLIED)
    LOG.info("new config applied")
    return 0


if __name__ == "__main__":
    sys.exit(main())
