#!/usr/bin/env python3
"""Sets up a stable device name for the kiosk receipt printer.

Writes a udev rule so the USB printer always appears as
/dev/receipt-printer with group access for the 'kiosk' group, then
reloads udev.
"""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("printer-udev")

RULES_PATH = Path("/etc/udev/rules.d/99-receipt-printer.rules")

PRINTERS = {
    "tp80": ("0416", "5011"),
    "epson-t20": ("04b8", "0e15"),
    "star-tsp100": ("0519", "0003"),
}

RULE_TEMPLATE = (
    'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
    'MODE="0660", GROUP="{group}", SYMLINK+="receipt-printer"\n'
)


def render_rule(model, group):
    vendor, product = PRINTERS[model]
    header = "# receipt printer for the donkey ride kiosk ({})\n".format(model)
    return header + RULE_TEMPLATE.format(vendor=vendor, product=product, group=group)


def write_rule(text, path, dry_run):
    if dry_run:
        print(text)
        return
    if path.exists() and path.read_text() == text:
        LOG.info("%s already up to date", path)
        return
    tmp = Path("rule.tmp")
    tmp.write_text(text)
    subprocess.run(["sudo", "install", "-m", "0644", "-o", "root", "-g", "root", str(tmp), str(path)],
                   check=True)
    tmp.unlink()
    LOG.info("wrote %s", path)


def reload_udev(dry_run):
    cmds = [
        ["sudo", "udevadm", "control", "--reload-rules"],
        ["sudo", "udevadm", "trigger", "--subsystem-match=usb"],
    ]
    for cmd in cmds:
        LOG.info("running %s", " ".join(cmd))
        if not dry_run:
            subprocess.run(cmd, check=True)


def main():
    parser = argparse.ArgumentParser(description="Install udev rule for the receipt printer")
    parser.add_argument("--model", choices=sorted(PRINTERS), default="tp80")
    parser.add_argument("--group", default="kiosk")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    text = render_rule(args.model, args.group)
    try:
        write_rule(text, RULES_PATH, args.dry_run)
        reload_udev(args.dry_run)
    except subprocess.CalledProcessError as exc:
        LOG.error("command failed: %s", exc)
        return 1
    LOG.info("printer should now appear as /dev/receipt-printer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
