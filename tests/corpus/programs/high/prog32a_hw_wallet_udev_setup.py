#!/usr/bin/env python3
"""Make hardware wallets (Ledger, Trezor) usable for non-root users.

Linux only exposes USB HID devices to root by default, so the desktop
wallet apps cannot see the device. This helper writes the vendors' udev
rules into /etc/udev/rules.d (via sudo) and reloads udev.
"""
import argparse
import grp
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("hw-udev")

RULES_DIR = Path("/etc/udev/rules.d")

VENDORS = {
    "ledger": {
        "file": "20-hw1.rules",
        "vendor_id": "2c97",
        "products": ["0000", "0001", "0004", "0005", "0006", "1011", "4011", "5011", "6011"],
    },
    "trezor": {
        "file": "51-trezor.rules",
        "vendor_id": "1209",
        "products": ["53c0", "53c1"],
    },
}


def render_rules(vendor: str, group: str) -> str:
    spec = VENDORS[vendor]
    lines = [f"# {vendor} hardware wallet rules, installed by hw_udev_setup.py"]
    for pid in spec["products"]:
        lines.append(
            f'SUBSYSTEMS=="usb", ATTRS{{idVendor}}=="{spec["vendor_id"]}", '
            f'ATTRS{{idProduct}}=="{pid}", MODE="0660", GROUP="{group}", '
            f'TAG+="uaccess", TAG+="udev-acl"'
        )
    lines.append(
        f'KERNEL=="hidraw*", ATTRS{{idVendor}}=="{spec["vendor_id"]}", '
        f'MODE="0660", GROUP="{group}", TAG+="uaccess"'
    )
    return "\n".join(lines) + "\n"


def run(cmd, input_text=None, dry_run=False):
    log.info("$ %s", " ".join(cmd))
    if dry_run:
        return
    subprocess.run(cmd, input=input_text, text=True, check=True,
                   stdout=subprocess.DEVNULL)


def install_rules(vendor: str, group: str, dry_run: bool) -> bool:
    target = RULES_DIR / VENDORS[vendor]["file"]
    content = render_rules(vendor, group)
    if target.exists() and target.read_text() == content:
        log.info("%s already up to date", target)
        return False
    run(["sudo", "tee", str(target)], input_text=content, dry_run=dry_run)
    run(["sudo", "chmod", "0644", str(target)], dry_run=dry_run)
    return True


def ensure_group(group: str, user: str, dry_run: bool) -> None:
    try:
        members = grp.getgrnam(group).gr_mem
    except KeyError:
        run(["sudo", "groupadd", "--system", group], dry_run=dry_run)
        members = []
    if user not in members:
        run(["sudo", "usermod", "-aG", group, user], dry_run=dry_run)
        log.warning("log out and back in for the %s group to take effect", group)


def reload_udev(dry_run: bool) -> None:
    run(["sudo", "udevadm", "control", "--reload-rules"], dry_run=dry_run)
    run(["sudo", "udevadm", "trigger", "--subsystem-match=usb"], dry_run=dry_run)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("vendors", nargs="*", default=list(VENDORS), choices=list(VENDORS))
    ap.add_argument("--group", default="plugdev")
    ap.add_argument("--user", default=os.environ.get("USER", ""))
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not sys.platform.startswith("linux"):
        log.error("udev rules only apply on Linux")
        return 1
    if shutil.which("udevadm") is None:
        log.error("udevadm not found; is this a container?")
        return 1
    if not args.user:
        log.error("cannot determine user; pass --user")
        return 1

    try:
        ensure_group(args.group, args.user, args.dry_run)
        changed = [v for v in args.vendors if install_rules(v, args.group, args.dry_run)]
        if changed:
            reload_udev(args.dry_run)
            log.info("installed rules for: %s - replug your device", ", ".join(changed))
        else:
            log.info("nothing to do")
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s): %s", exc.returncode, " ".join(exc.cmd))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
