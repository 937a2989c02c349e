#!/usr/bin/env python3
"""Set up the boarding-pass / weight-slip thermal printer on a kiosk laptop.

The little USB thermal printers we use at check-in (passenger name, weight
band, basket quadrant) show up as /dev/usb/lpN owned by root, so the
manifest app can't write to them. This finds the printer by vendor/product
id, writes a device rule giving the 'lp' group access with a stable
/dev/boarding-printer symlink, and reloads the device manager.

Usage: boarding_printer_setup.py [--vendor 0416] [--product 5011] [--check]
"""
import argparse
import grp
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("printer-setup")

RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "72-boarding-printer.rules"
KNOWN_PRINTERS = {
    ("0416", "5011"): "Winbond POS-58",
    ("0fe6", "811e"): "ICS Advent 80mm",
    ("28e9", "0289"): "GD32 thermal",
}


def find_usb_printers():
    base = Path("/sys/bus/usb/devices")
    found = []
    if not base.exists():
        return found
    for dev in base.iterdir():
        try:
            vid = (dev / "idVendor").read_text().strip()
            pid = (dev / "idProduct").read_text().strip()
        except OSError:
            continue
        name = KNOWN_PRINTERS.get((vid, pid))
        if name:
            found.append((vid, pid, name))
    return found


def render_rule(vendor, product, group):
    return (
        "# boarding-pass printer for the check-in kiosk\n"
        f'SUBSYSTEM=="usbmisc", KERNEL=="lp*", ATTRS{{idVendor}}=="{vendor}", '
        f'ATTRS{{idProduct}}=="{product}", GROUP="{group}", MODE="0660", '
        'SYMLINK+="boarding-printer"\n'
    )


def elevate_prefix():
    if os.geteuid() == 0:
        return []
    for tool in ("pkexec", "sudo"):
        path = shutil.which(tool)
        if path:
            return [path]
    raise RuntimeError("need root: neither pkexec nor sudo available")


def install_rule(text):
    staged = Path("build") / RULE_NAME
    staged.parent.mkdir(exist_ok=True)
    staged.write_text(text)
    target = RULES_DIR / RULE_NAME
    if target.exists() and target.read_text() == text:
        log.info("%s already up to date", target)
        return False
    prefix = elevate_prefix()
    subprocess.run(prefix + ["install", "-m", "0644", "-o", "root", "-g", "root",
                             str(staged.resolve()), str(target)], check=True)
    log.info("installed %s", target)
    return True


def reload_rules():
    prefix = elevate_prefix()
    subprocess.run(prefix + ["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(prefix + ["udevadm", "trigger", "--subsystem-match=usbmisc"], check=True)


def check_group(group):
    try:
        members = grp.getgrnam(group).gr_mem
    except KeyError:
        log.warning("group %s does not exist", group)
        return
    user = os.environ.get("SUDO_USER") or os.environ.get("USER", "")
    if user not in members:
        log.warning("user %s is not in group %s; printing will still fail", user, group)


def main():
    ap = argparse.ArgumentParser(description="boarding printer setup")
    ap.add_argument("--vendor")
    ap.add_argument("--product")
    ap.add_argument("--group", default="lp")
    ap.add_argument("--check", action="store_true", help="only list detected printers")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    printers = find_usb_printers()
    for vid, pid, name in printers:
        log.info("found %s (%s:%s)", name, vid, pid)
    if args.check:
        return 0

    if args.vendor and args.product:
        vendor, product = args.vendor.lower(), args.product.lower()
    elif printers:
        vendor, product, _ = printers[0]
    else:
        log.error("no known printer plugged in; pass --vendor/--product")
        return 1

    try:
        changed = install_rule(render_rule(vendor, product, args.group))
        if changed:
            reload_rules()
    except (subprocess.CalledProcessError, RuntimeError) as exc:
        log.error("setup failed: %s", exc)
        return 1
    check_group(args.group)
    if Path("/dev/boarding-printer").exists():
        log.info("printer ready at /dev/boarding-printer")
    else:
        log.info("replug the printer to pick up the new rule")
    return 0


if __name__ == "__main__":
    sys.exit(main())
