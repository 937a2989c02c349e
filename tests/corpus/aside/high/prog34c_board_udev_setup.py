#!/usr/bin/env python3
"""Developer setup for the firmware team: make dev boards flashable without root.

Installs a udev rule that gives the ``plugdev`` group access to our debug
probes and the board's USB CDC serial port, reloads udev and adds the
invoking user to the needed groups.  Re-executes itself through sudo when
started as a normal user.
"""

import argparse
import grp
import logging
import os
import pwd
import subprocess
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("board-setup")

RULES_PATH = Path("/etc/udev/rules.d/70-fwteam-devboards.rules")
GROUPS = ("plugdev", "dialout")

# vendor id, product id, comment
DEVICES = [
    ("0483", "3748", "ST-LINK/V2"),
    ("0483", "374b", "ST-LINK/V2-1"),
    ("1366", "0105", "SEGGER J-Link"),
    ("2e8a", "000c", "Raspberry Pi Debug Probe"),
    ("303a", "1001", "ESP32-S3 USB-JTAG"),
    ("1209", "beef", "fwteam board CDC"),
]


def render_rules():
    lines = ["# Installed by board_udev_setup.py - firmware team dev boards"]
    for vid, pid, comment in DEVICES:
        lines.append("# " + comment)
        lines.append(
            'SUBSYSTEMS=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
            'MODE="0660", GROUP="plugdev", TAG+="uaccess"' % (vid, pid))
        lines.append(
            'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
            'MODE="0660", GROUP="dialout", SYMLINK+="fwboard%%n"' % (vid, pid))
    return "\n".join(lines) + "\n"


def target_user():
    # when re-executed via sudo, configure the original user
    return os.environ.get("SUDO_USER") or pwd.getpwuid(os.getuid()).pw_name


def reexec_with_sudo():
    log.info("root privileges required, re-running with sudo")
    cmd = ["sudo", "--preserve-env=BOARD_SETUP_DEBUG", sys.executable,
           os.path.abspath(__file__), *sys.argv[1:]]
    os.execvp("sudo", cmd)


def install_rules(force):
    content = render_rules()
    if RULES_PATH.exists() and RULES_PATH.read_text() == content and not force:
        log.info("%s already up to date", RULES_PATH)
        return False
    RULES_PATH.write_text(content)
    os.chmod(RULES_PATH, 0o644)
    os.chown(RULES_PATH, 0, 0)
    log.info("wrote %s (%d devices)", RULES_PATH, len(DEVICES))
    return True


def reload_udev():
    subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=usb",
                    "--subsystem-match=tty"], check=True)


def ensure_groups(user):
    added = []
    for group in GROUPS:
        try:
            members = grp.getgrnam(group).gr_mem
        except KeyError:
            subprocess.run(["groupadd", "--system", group], check=True)
            members = []
        if user not in members:
            subprocess.run(["usermod", "-aG", group, user], check=True)
            added.append(group)
    return added


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--print-rules", action="store_true",
                    help="only print the rules file")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--skip-groups", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if os.environ.get("BOARD_SETUP_DEBUG") else logging.INFO,
        format="%(levelname)s: %(message)s")

    if args.print_rules:
        sys.stdout.write(render_rules())
        return 0
    if not sys.platform.startswith("linux"):
        log.error("udev rules are Linux only")
        return 1
    if os.geteuid() != 0:
        reexec_with_sudo()

    user = target_user()
    if install_rules(args.force):
        reload_udev()
    if not args.skip_groups:
        added = ensure_groups(user)
        if added:
            print(textwrap.dedent("""
                Added %s to: %s
                Log out and back in for the group change to take effect.
            """ % (user, ", ".join(added))).strip())
    log.info("done; unplug and replug your boards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
