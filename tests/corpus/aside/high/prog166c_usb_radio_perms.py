#!/usr/bin/env python3
"""Give club members access to USB transmitters and flight controllers.

Installs a udev rule on the clubhouse simulator PCs so RC transmitters
(used as sim joysticks) and flight controllers can be opened without
running the configurator as root.
"""

import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

RULES_PATH = Path("/etc/udev/rules.d/70-club-rc-devices.rules")
DEFAULT_GROUP = "plugdev"

DEVICES = [
    ("0483", "5740", "STM32 flight controller (VCP)"),
    ("0483", "df11", "STM32 bootloader (DFU)"),
    ("10c4", "ea60", "CP210x serial / ELRS receiver"),
    ("1209", "4f54", "EdgeTX / OpenTX transmitter"),
    ("2341", "0043", "Arduino Uno (telemetry bridge)"),
    ("1a86", "7523", "CH340 serial adapter"),
]

log = logging.getLogger("usb_radio_perms")


def render_rules(group: str) -> str:
    lines = ["# Club RC device access, managed by usb_radio_perms.py", ""]
    for vendor, product, label in DEVICES:
        lines.append(f"# {label}")
        lines.append(
            f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{vendor}", '
            f'ATTRS{{idProduct}}=="{product}", MODE="0660", GROUP="{group}"'
        )
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
            f'ATTRS{{idProduct}}=="{product}", MODE="0660", GROUP="{group}", '
            f'ENV{{ID_MM_DEVICE_IGNORE}}="1"'
        )
    return "\n".join(lines) + "\n"


def group_exists(name: str) -> bool:
    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


def run_privileged(cmd, input_text=None):
    if os.geteuid() != 0:
        cmd = ["sudo"] + cmd
    log.debug("running %s", " ".join(cmd))
    subprocess.run(cmd, input=input_text, text=True, check=True,
                   stdout=subprocess.DEVNULL)


def install_rules(content: str, dry_run: bool):
    if RULES_PATH.exists() and RULES_PATH.read_text() == content:
        log.info("rules already current at %s", RULES_PATH)
        return False
    if dry_run:
        print(content)
        return False
    run_privileged(["tee", str(RULES_PATH)], input_text=content)
    run_privileged(["chmod", "0644", str(RULES_PATH)])
    log.info("wrote %s", RULES_PATH)
    return True


def reload_udev():
    run_privileged(["udevadm", "control", "--reload-rules"])
    run_privileged(["udevadm", "trigger", "--subsystem-match=usb"])
    run_privileged(["udevadm", "trigger", "--subsystem-match=tty"])
    log.info("udev reloaded")


def add_user_to_group(user: str, group: str):
    members = grp.getgrnam(group).gr_mem
    if user in members:
        log.info("%s already in %s", user, group)
        return
    run_privileged(["usermod", "-aG", group, user])
    log.info("added %s to %s (log out and back in)", user, group)


def main():
    parser = argparse.ArgumentParser(description="Install udev rules for RC gear")
    parser.add_argument("--group", default=DEFAULT_GROUP)
    parser.add_argument("--user", default=os.environ.get("SUDO_USER") or os.environ.get("USER"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not group_exists(args.group):
        log.error("group %s does not exist", args.group)
        return 1

    try:
        changed = install_rules(render_rules(args.group), args.dry_run)
        if changed:
            reload_udev()
        if args.user and not args.dry_run:
            add_user_to_group(args.user, args.group)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
