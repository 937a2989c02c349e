#!/usr/bin/env python3
"""Install a udev rule for the bookmobile handheld barcode scanners.

The scanners show up as /dev/ttyACM* with root-only permissions, so the
checkout client cannot open them. This writes a rule that gives the staff
group access and a stable /dev/bookmobile-scanner symlink, then reloads udev.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("scanner_udev")

RULES_PATH = Path("/etc/udev/rules.d/70-bookmobile-scanner.rules")

# vendor:product pairs of the scanner models in the fleet
SCANNERS = {
    "honeywell-1902g": ("0c2e", "0b6a"),
    "zebra-ds2278": ("05e0", "1701"),
    "datalogic-qd2590": ("05f9", "4204"),
}

RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
    'GROUP="{group}", MODE="0660", SYMLINK+="bookmobile-scanner"\n'
)


def ensure_root(argv) -> None:
    if os.geteuid() != 0:
        log.info("re-running with sudo to write %s", RULES_PATH)
        os.execvp("sudo", ["sudo", sys.executable] + argv)


def build_rules(models, group: str) -> str:
    lines = ["# Managed by scanner_udev.py - bookmobile barcode scanners\n"]
    for model in models:
        vendor, product = SCANNERS[model]
        lines.append(f"# {model}\n")
        lines.append(RULE_TEMPLATE.format(vendor=vendor, product=product, group=group))
    return "".join(lines)


def install_rules(text: str) -> bool:
    if RULES_PATH.exists() and RULES_PATH.read_text() == text:
        log.info("rules already up to date")
        return False
    if RULES_PATH.exists():
        shutil.copy2(RULES_PATH, RULES_PATH.with_suffix(".rules.bak"))
    RULES_PATH.write_text(text)
    os.chmod(RULES_PATH, 0o644)
    os.chown(RULES_PATH, 0, 0)
    log.info("wrote %s", RULES_PATH)
    return True


def reload_udev() -> None:
    subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=tty"], check=True)
    log.info("udev reloaded")


def main() -> None:
    parser = argparse.ArgumentParser(description="Install udev rules for bookmobile barcode scanners")
    parser.add_argument("--group", default="dialout")
    parser.add_argument("--model", action="append", choices=sorted(SCANNERS),
                        help="scanner model (default: all)")
    parser.add_argument("--print", dest="print_only", action="store_true",
                        help="print the rules instead of installing")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    text = build_rules(args.model or sorted(SCANNERS), args.group)
    if args.print_only:
        print(text, end="")
        return

    ensure_root(sys.argv)
    if install_rules(text):
        reload_udev()
    print("Unplug and replug the scanner, then check /dev/bookmobile-scanner")


if __name__ == "__main__":
    main()
