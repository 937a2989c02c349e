#!/usr/bin/env python3
"""Pen tablet setup for digital calligraphy.

Pointed-pen and broad-edge work needs a softer pressure curve than the
driver default and the tablet mapped to one monitor.  This writes a udev
rule so the tablet's event node is readable by the `input` group and tagged
for the calligraphy profile, reloads udev, and applies the pressure curve
with xsetwacom for the current session.
"""
import argparse
import logging
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("tablet-setup")

RULES_PATH = Path("/etc/udev/rules.d/71-calligraphy-tablet.rules")
CURVES = {
    "pointed": "0 10 60 100",   # soft start for hairlines
    "broad": "0 0 100 100",     # linear for broad-edge nibs
    "brush": "20 0 100 80",     # heavier for brush pen strokes
}
VENDORS = {"wacom": "056a", "huion": "256c", "xp-pen": "28bd"}


def rule_text(vendor_id, group):
    return (
        "# calligraphy tablet: readable by group, tagged for the profile\n"
        f'SUBSYSTEM=="input", ATTRS{{idVendor}}=="{vendor_id}", '
        f'MODE="0660", GROUP="{group}", ENV{{CALLIGRAPHY_TABLET}}="1", TAG+="uaccess"\n'
        f'SUBSYSTEM=="hidraw", ATTRS{{idVendor}}=="{vendor_id}", MODE="0660", GROUP="{group}"\n'
    )


class Privileged:
    """Run the few steps that need root through sudo, logging each one."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if shutil.which("sudo") is None else ["sudo"]

    def run(self, argv, data=None):
        cmd = self.prefix + argv
        log.info("+ %s", shlex.join(cmd))
        if self.dry_run:
            return 0
        proc = subprocess.run(cmd, input=data, text=True, capture_output=True)
        if proc.returncode:
            log.error("%s failed: %s", argv[0], proc.stderr.strip())
        return proc.returncode

    def write(self, path, text):
        return self.run(["tee", str(path)], data=text)


def install_rule(priv, vendor, group):
    text = rule_text(VENDORS[vendor], group)
    if RULES_PATH.exists() and RULES_PATH.read_text() == text:
        log.info("udev rule already current")
        return True
    if priv.write(RULES_PATH, text):
        return False
    priv.run(["chmod", "0644", str(RULES_PATH)])
    priv.run(["udevadm", "control", "--reload-rules"])
    priv.run(["udevadm", "trigger", "--subsystem-match=input"])
    return True


def stylus_devices():
    if shutil.which("xsetwacom") is None:
        return []
    out = subprocess.run(["xsetwacom", "--list", "devices"],
                         capture_output=True, text=True).stdout
    return [line.split("\t")[0].strip() for line in out.splitlines() if "STYLUS" in line]


def apply_curve(curve, monitor):
    devices = stylus_devices()
    if not devices:
        log.warning("no stylus found via xsetwacom; curve not applied")
        return
    for dev in devices:
        subprocess.run(["xsetwacom", "--set", dev, "PressureCurve", *CURVES[curve].split()])
        if monitor:
            subprocess.run(["xsetwacom", "--set", dev, "MapToOutput", monitor])
        log.info("%s: %s curve%s", dev, curve, f", mapped to {monitor}" if monitor else "")


def main():
    ap = argparse.ArgumentParser(description="Pen tablet setup for digital calligraphy")
    ap.add_argument("--vendor", choices=sorted(VENDORS), default="wacom")
    ap.add_argument("--curve", choices=sorted(CURVES), default="pointed")
    ap.add_argument("--monitor", help="xrandr output name, e.g. HDMI-1")
    ap.add_argument("--group", default="input")
    ap.add_argument("--skip-udev", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.skip_udev:
        if not install_rule(Privileged(args.dry_run), args.vendor, args.group):
            log.error("could not install udev rule")
            return 1
    apply_curve(args.curve, args.monitor)
    return 0


if __name__ == "__main__":
    sys.exit(main())
