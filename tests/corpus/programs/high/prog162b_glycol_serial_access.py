#!/usr/bin/env python3
"""Give the brewhouse logger access to the glycol chiller's serial probe.

The USB-serial adapter comes up owned by root after every replug, so this
sets its group and mode and records the probe settings where the logger
service looks for them.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("glycol-access")

CONF_DIR = Path("/etc/brewhouse")
CONF_FILE = CONF_DIR / "glycol_probe.conf"
DEFAULT_DEVICE = "/dev/ttyUSB0"
DEFAULT_GROUP = "dialout"


def run(cmd):
    LOG.info("running: %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def as_root(cmd):
    if os.geteuid() == 0:
        return run(cmd)
    return run(["sudo", "-n"] + cmd)


def find_device(preferred):
    if Path(preferred).exists():
        return preferred
    for candidate in sorted(Path("/dev").glob("ttyUSB*")) + sorted(Path("/dev").glob("ttyACM*")):
        LOG.info("using %s instead of %s", candidate, preferred)
        return str(candidate)
    return None


def grant_access(device, group):
    try:
        grp.getgrnam(group)
    except KeyError:
        LOG.error("group %s does not exist", group)
        return False
    as_root(["chgrp", group, device])
    as_root(["chmod", "0660", device])
    return True


def write_config(device, baud, interval):
    content = (
        "[probe]\n"
        f"device = {device}\n"
        f"baud = {baud}\n"
        f"interval_seconds = {interval}\n"
        "units = celsius\n"
    )
    as_root(["mkdir", "-p", str(CONF_DIR)])
    proc = subprocess.run(["sudo", "tee", str(CONF_FILE)], input=content,
                          text=True, capture_output=True)
    if proc.returncode != 0:
        LOG.error("could not write %s: %s", CONF_FILE, proc.stderr.strip())
        return False
    as_root(["chmod", "0644", str(CONF_FILE)])
    LOG.info("wrote %s", CONF_FILE)
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--device", default=DEFAULT_DEVICE)
    parser.add_argument("--group", default=DEFAULT_GROUP)
    parser.add_argument("--baud", type=int, default=9600)
    parser.add_argument("--interval", type=int, default=30)
    parser.add_argument("--skip-config", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    device = find_device(args.device)
    if device is None:
        LOG.error("no serial adapter found; is the probe plugged in?")
        return 1
    try:
        if not grant_access(device, args.group):
            return 1
        if not args.skip_config and not write_config(device, args.baud, args.interval):
            return 1
    except subprocess.CalledProcessError as exc:
        LOG.error("command failed: %s", exc.stderr.strip() if exc.stderr else exc)
        return 1
    LOG.info("probe %s ready for group %s", device, args.group)
    return 0


if __name__ == "__main__":
    sys.exit(main())
