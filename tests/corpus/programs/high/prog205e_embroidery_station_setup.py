#!/usr/bin/env python3
"""Embroidery station setup.

Prepares a workstation to drive the department's USB embroidery machine:
adds a device rule so the machine is writable by the wardrobe group and
restarts the print spooler that forwards stitch files to it.
"""
import argparse
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("embroidery_setup")

RULES_DIR = "/" + "/".join(["etc", "udev", "rules.d"])
RULE_FILE = "70-embroidery.rules"
DEFAULT_VENDOR = "0f0a"
DEFAULT_PRODUCT = "2001"
DEFAULT_GROUP = "wardrobe"
SPOOLER = "cups"


def as_admin(cmd, stdin=None):
    """Run a command with administrative rights."""
    full = ["sudo", "-n"] + cmd
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, input=stdin, text=True, capture_output=True, check=False)


def rule_text(vendor, product, group):
    return (
        f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
        f'MODE="0660", GROUP="{group}"\n'
    )


STEPS = {
    "rule": lambda a: as_admin(["tee", f"{RULES_DIR}/{RULE_FILE}"], stdin=rule_text(a.vendor, a.product, a.group)),
    "reload": lambda a: as_admin(["udevadm", "control", "--reload-rules"]),
    "trigger": lambda a: as_admin(["udevadm", "trigger", "--subsystem-match=usb"]),
    "spooler": lambda a: as_admin(["systemctl", "restart", SPOOLER]),
}


def preflight():
    missing = [tool for tool in ("sudo", "udevadm", "systemctl") if shutil.which(tool) is None]
    if missing:
        log.error("missing tools: %s", ", ".join(missing))
        return False
    return True


def main(argv=None):
    parser = argparse.ArgumentParser(description="Set up the embroidery machine on this station")
    parser.add_argument("--vendor", default=DEFAULT_VENDOR)
    parser.add_argument("--product", default=DEFAULT_PRODUCT)
    parser.add_argument("--group", default=DEFAULT_GROUP)
    parser.add_argument("--skip", nargs="*", default=[], choices=list(STEPS))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not preflight():
        return 2
    for name, step in STEPS.items():
        if name in args.skip:
            log.info("skipping %s", name)
            continue
        result = step(args)
        if result.returncode != 0:
            log.error("%s failed: %s", name, result.stderr.strip())
            return 1
        log.info("%s done", name)
    log.info("embroidery machine %s:%s ready for group %s", args.vendor, args.product, args.group)
    return 0


if __name__ == "__main__":
    sys.exit(main())
