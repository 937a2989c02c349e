#!/usr/bin/env python3
"""Register USB freezer probes with stable device names.

The USB temperature probes in the display cabinets enumerate in random order
after a reboot, which scrambles which cabinet is which. This tool reads the
cabinet map (serial number -> cabinet name), writes a device rule so each
probe shows up as /dev/cabinet-<name>, and asks the device manager to reload.
"""
import argparse
import csv
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("probe-rules")

RULE_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")
RULE_NAME = "72-freezer-probes.rules"
VENDOR_ID = "10c4"
PRODUCT_ID = "ea60"

# elevation prefix, overridable for boxes that use doas
ELEVATE = os.environ.get("PROBE_ELEVATE", "sudo -n").split()

ACTIONS = {
    "reload": ["udevadm", "control", "--reload-rules"],
    "trigger": ["udevadm", "trigger", "--subsystem-match=tty"],
}


def load_map(path):
    mapping = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            serial = row.get("serial", "").strip()
            cabinet = row.get("cabinet", "").strip().lower().replace(" ", "-")
            if serial and cabinet:
                mapping[serial] = cabinet
    return mapping


def render_rules(mapping):
    lines = ["# freezer cabinet probes - generated, edit cabinets.csv instead"]
    for serial, cabinet in sorted(mapping.items(), key=lambda kv: kv[1]):
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{VENDOR_ID}", '
            f'ATTRS{{idProduct}}=="{PRODUCT_ID}", ATTRS{{serial}}=="{serial}", '
            f'SYMLINK+="cabinet-{cabinet}", MODE="0660", GROUP="dialout"'
        )
    return "\n".join(lines) + "\n"


def install_rules(text, dry_run=False):
    target = os.path.join(RULE_DIR, RULE_NAME)
    if dry_run:
        print(text)
        return target
    try:
        with open(target, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(target, 0o644)
    except PermissionError:
        # not running as root: stage locally and copy with elevation
        staged = Path(RULE_NAME)
        staged.write_text(text)
        cmd = ELEVATE + ["install", "-m", "0644", "-o", "root", str(staged), target]
        log.info("running %s", shlex.join(cmd))
        subprocess.run(cmd, check=True)
    return target


def run_action(name):
    cmd = ELEVATE + ACTIONS[name]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        log.warning("%s failed: %s", name, res.stderr.strip())
    return res.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--map", default="cabinets.csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    mapping = load_map(args.map)
    if not mapping:
        log.error("no probes in %s", args.map)
        sys.exit(1)
    log.info("%d probes mapped", len(mapping))
    target = install_rules(render_rules(mapping), args.dry_run)
    if not args.dry_run:
        for action in ("reload", "trigger"):
            run_action(action)
    log.info("rules at %s", target)


if __name__ == "__main__":
    main()
