#!/usr/bin/env python3
"""Set up the USB GPS receivers used to tag well locations on rig laptops.

Writes a udev rule that gives the receiver a stable /dev/rig-gps name and
group access for the logging user, then reloads udev.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("gps-setup")

RECEIVERS = {
    "ublox7": {"vendor": "1546", "product": "01a7"},
    "ublox8": {"vendor": "1546", "product": "01a8"},
    "prolific": {"vendor": "067b", "product": "2303"},
}

RULE_FILE = Path("/etc/udev/rules.d/99-rig-gps.rules")
LINK_NAME = "rig-gps"


def render_rules(models, group):
    lines = ["# rig GPS receivers, managed by gps_receiver_setup"]
    for model in models:
        ids = RECEIVERS[model]
        lines.append(
            'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
            'SYMLINK+="%s", GROUP="%s", MODE="0660"'
            % (ids["vendor"], ids["product"], LINK_NAME, group)
        )
    return "\n".join(lines) + "\n"


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    log.info("re-running with sudo to write %s", RULE_FILE)
    os.execvp("sudo", ["sudo", sys.executable, os.path.abspath(__file__)] + argv)


def write_rules(text):
    if RULE_FILE.exists() and RULE_FILE.read_text() == text:
        log.info("udev rule already current")
        return False
    RULE_FILE.parent.mkdir(parents=True, exist_ok=True)
    RULE_FILE.write_text(text)
    os.chmod(RULE_FILE, 0o644)
    log.info("wrote %s", RULE_FILE)
    return True


def reload_udev():
    for args in (["udevadm", "control", "--reload-rules"],
                 ["udevadm", "trigger", "--subsystem-match=tty"]):
        subprocess.run(args, check=True)


def fix_existing_nodes(group):
    gid = grp.getgrnam(group).gr_gid
    for node in sorted(Path("/dev").glob("ttyACM*")) + sorted(Path("/dev").glob("ttyUSB*")):
        os.chown(node, 0, gid)
        os.chmod(node, 0o660)
        log.info("adjusted %s", node)


def main():
    parser = argparse.ArgumentParser(description="Install rig GPS udev rule")
    parser.add_argument("--model", action="append", choices=sorted(RECEIVERS))
    parser.add_argument("--group", default="dialout")
    parser.add_argument("--fix-now", action="store_true")
    parser.add_argument("--print", action="store_true", help="only print the rule")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    models = args.model or sorted(RECEIVERS)
    text = render_rules(models, args.group)
    if args.print:
        sys.stdout.write(text)
        return 0
    try:
        grp.getgrnam(args.group)
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 1

    ensure_root(sys.argv[1:])
    if write_rules(text):
        reload_udev()
    if args.fix_now:
        fix_existing_nodes(args.group)
    log.info("GPS receivers will appear as /dev/%s", LINK_NAME)
    return 0


if __name__ == "__main__":
    sys.exit(main())
