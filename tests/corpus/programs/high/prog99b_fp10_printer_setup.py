#!/usr/bin/env python3
"""Set up the FP10 prescription printer on a consulting-room PC.

The FP10 trays are on a USB laser that the prescribing module drives by
writing raw PCL to a fixed device name. This makes sure the usblp driver is
loaded, installs a udev rule that gives the printer a stable /dev/fp10
name the prescribing module can open, and reloads udev so it takes effect
without a reboot. Run from the desktop: it prompts via polkit.
"""

import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("fp10_setup")

RULE_PATH = "/etc/udev/rules.d/70-fp10-printer.rules"
RULE_TEMPLATE = (
    '# FP10 prescription printer - installed by fp10_printer_setup\n'
    'SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", ATTRS{{idVendor}}=="{vendor}", '
    'ATTRS{{idProduct}}=="{product}", SYMLINK+="fp10", GROUP="{group}", MODE="0660"\n'
)

KNOWN_MODELS = {
    "hp-m404": ("03f0", "3e2a"),
    "brother-hl-l5100": ("04f9", "0062"),
    "kyocera-p2040": ("0482", "0800"),
}


class Elevated:
    """Runs the few steps that need root through pkexec (GUI prompt)."""

    def __init__(self, helper=None):
        self.helper = helper or shutil.which("pkexec")
        if not self.helper:
            raise SystemExit("pkexec not found; install policykit-1")

    def run(self, *cmd, stdin=None):
        log.debug("elevated: %s", " ".join(cmd))
        proc = subprocess.run([self.helper, *cmd], input=stdin, text=True, capture_output=True)
        if proc.returncode != 0:
            raise RuntimeError(f"{cmd[0]} failed: {proc.stderr.strip()}")
        return proc.stdout


def module_loaded(name):
    try:
        return any(line.split()[0] == name for line in Path("/proc/modules").read_text().splitlines())
    except OSError:
        return False


def find_printer(vendor, product):
    out = subprocess.run(["lsusb"], capture_output=True, text=True).stdout
    return any(f"ID {vendor}:{product}" in line for line in out.splitlines())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", choices=sorted(KNOWN_MODELS), default="hp-m404")
    ap.add_argument("--group", default="lp")
    ap.add_argument("--force", action="store_true", help="rewrite the rule even if present")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    vendor, product = KNOWN_MODELS[args.model]
    if not find_printer(vendor, product):
        log.warning("no %s (%s:%s) on USB right now; rule will apply when plugged in",
                    args.model, vendor, product)

    root = Elevated()
    if not module_loaded("usblp"):
        root.run("modprobe", "usblp")
        log.info("usblp driver loaded")

    rule = RULE_TEMPLATE.format(vendor=vendor, product=product, group=args.group)
    existing = Path(RULE_PATH).read_text() if Path(RULE_PATH).exists() else ""
    if existing != rule or args.force:
        root.run("tee", RULE_PATH, stdin=rule)
        log.info("wrote %s", RULE_PATH)
        root.run("udevadm", "control", "--reload-rules")
        root.run("udevadm", "trigger", "--subsystem-match=usbmisc", "--action=add")
    else:
        log.info("udev rule already up to date")

    if Path("/dev/fp10").exists():
        log.info("printer available as /dev/fp10")
    else:
        log.info("plug the printer in (or power-cycle it) to create /dev/fp10")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as exc:
        log.error("%s", exc)
        sys.exit(1)
