#!/usr/bin/env python3
"""Sets up a stable device name for the GPS dongle in each van.

Writes a udev rule so the USB GPS receiver always shows up as
/dev/pawvan-gps, reloads udev and puts the route user in the dialout
group so the tracking app can open the serial port.
"""
import argparse
import getpass
import logging
import re
import subprocess
import sys
from pathlib import Path

RULES_PATH = Path("/etc/udev/rules.d/99-pawvan-gps.rules")
KNOWN_DONGLES = {
    "ublox7": ("1546", "01a7"),
    "ublox8": ("1546", "01a8"),
    "prolific": ("067b", "2303"),
}
RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
    'ATTRS{{idProduct}}=="{product}", SYMLINK+="pawvan-gps", '
    'GROUP="dialout", MODE="0660"\n'
)

log = logging.getLogger("gps-udev")


def detect_dongle():
    try:
        out = subprocess.run(["lsusb"], capture_output=True, text=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        log.warning("lsusb failed: %s", exc)
        return None
    for line in out.splitlines():
        match = re.search(r"ID ([0-9a-f]{4}):([0-9a-f]{4})", line)
        if not match:
            continue
        for name, ids in KNOWN_DONGLES.items():
            if match.groups() == ids:
                log.info("found %s dongle: %s", name, line.strip())
                return ids
    return None


def render_rules(ids) -> str:
    vendor, product = ids
    return "# managed by gps_dongle_udev\n" + RULE_TEMPLATE.format(
        vendor=vendor, product=product)


def write_rules(text: str, dry_run: bool) -> None:
    if RULES_PATH.exists() and RULES_PATH.read_text() == text:
        log.info("%s already up to date", RULES_PATH)
        return
    if dry_run:
        print(text, end="")
        return
    log.info("writing %s", RULES_PATH)
    subprocess.run(["sudo", "tee", str(RULES_PATH)], input=text, text=True,
                   stdout=subprocess.DEVNULL, check=True)
    subprocess.run(["sudo", "chmod", "0644", str(RULES_PATH)], check=True)


def reload_udev(dry_run: bool) -> None:
    cmds = [
        ["sudo", "udevadm", "control", "--reload-rules"],
        ["sudo", "udevadm", "trigger", "--subsystem-match=tty"],
    ]
    for cmd in cmds:
        log.info("running %s", " ".join(cmd))
        if not dry_run:
            subprocess.run(cmd, check=True)


def grant_serial_access(user: str, dry_run: bool) -> None:
    groups = subprocess.run(["id", "-nG", user], capture_output=True,
                            text=True).stdout.split()
    if "dialout" in groups:
        log.info("%s already in dialout", user)
        return
    cmd = ["sudo", "usermod", "-aG", "dialout", user]
    log.info("running %s", " ".join(cmd))
    if not dry_run:
        subprocess.run(cmd, check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description="Install GPS dongle udev rule")
    parser.add_argument("--model", choices=sorted(KNOWN_DONGLES))
    parser.add_argument("--user", default=getpass.getuser())
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ids = KNOWN_DONGLES[args.model] if args.model else detect_dongle()
    if ids is None:
        log.error("no known GPS dongle found; plug it in or pass --model")
        return 1

    write_rules(render_rules(ids), args.dry_run)
    reload_udev(args.dry_run)
    grant_serial_access(args.user, args.dry_run)
    if not args.dry_run and Path("/dev/pawvan-gps").exists():
        log.info("/dev/pawvan-gps is ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
