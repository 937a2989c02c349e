#!/usr/bin/env python3
"""Give the studio group access to tethered cameras.

Installs a udev rule so Canon/Nikon/Sony bodies plugged in over USB are
usable by the tethering software without root, and fixes the permissions
of any camera already connected. Must be run as root.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("tether-udev")

RULE_PATH = Path("/etc/udev/rules.d/70-studio-tether.rules")
GROUP = os.environ.get("TETHER_GROUP", "photo")
VENDORS = {
    "04a9": "Canon",
    "04b0": "Nikon",
    "054c": "Sony",
    "04cb": "Fujifilm",
}


def build_rules(group: str) -> str:
    lines = ["# managed by tether_udev_rule.py"]
    for vid, brand in VENDORS.items():
        lines.append(f'# {brand}')
        lines.append(
            f'SUBSYSTEM=="usb", ATTR{{idVendor}}=="{vid}", MODE="0660", GROUP="{group}"'
        )
    return "\n".join(lines) + "\n"


def connected_cameras():
    for dev in Path("/sys/bus/usb/devices").glob("*"):
        vid_file = dev / "idVendor"
        if not vid_file.exists():
            continue
        vid = vid_file.read_text().strip()
        if vid in VENDORS:
            bus = int((dev / "busnum").read_text())
            num = int((dev / "devnum").read_text())
            yield VENDORS[vid], Path(f"/dev/bus/usb/{bus:03d}/{num:03d}")


def install_rule(group: str, dry_run: bool) -> None:
    text = build_rules(group)
    if RULE_PATH.exists() and RULE_PATH.read_text() == text:
        log.info("rule already current")
        return
    log.info("writing %s", RULE_PATH)
    if not dry_run:
        RULE_PATH.write_text(text)
        os.chmod(RULE_PATH, 0o644)
        subprocess.run(["udevadm", "control", "--reload-rules"], check=True)


def fix_connected(group: str, dry_run: bool) -> None:
    import grp
    gid = grp.getgrnam(group).gr_gid
    for brand, node in connected_cameras():
        log.info("fixing %s camera at %s", brand, node)
        if not dry_run:
            os.chown(node, 0, gid)
            os.chmod(node, 0o660)


def main() -> int:
    parser = argparse.ArgumentParser(description="Tethered camera permissions")
    parser.add_argument("--group", default=GROUP)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("run this with sudo")
        return 1
    install_rule(args.group, args.dry_run)
    try:
        fix_connected(args.group, args.dry_run)
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
